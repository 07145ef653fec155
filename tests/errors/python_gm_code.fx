


def forward(self, x):
    c1 = self.c1(x);  x = None
    b1 = self.b1(c1);  c1 = None
    r1 = self.r1(b1);  b1 = None
    c2 = self.c2(r1);  r1 = None
    b2 = self.b2(c2);  c2 = None
    r2 = self.r2(b2);  b2 = None
    p = self.p(r2);  r2 = None
    c3 = self.c3(p);  p = None
    r3 = self.r3(c3);  c3 = None
    ap = self.ap(r3);  r3 = None
    fl = self.fl(ap);  ap = None
    fc = self.fc(fl);  fl = None
    return fc
    