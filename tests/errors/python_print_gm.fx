CNN(
  (c1): Conv2d(3, 8, kernel_size=(3, 3), stride=(1, 1), padding=(1, 1))
  (b1): BatchNorm2d(8, eps=1e-05, momentum=0.1, affine=True, track_running_stats=True)
  (r1): ReLU()
  (c2): Conv2d(8, 16, kernel_size=(3, 3), stride=(1, 1), padding=(1, 1))
  (b2): BatchNorm2d(16, eps=1e-05, momentum=0.1, affine=True, track_running_stats=True)
  (r2): ReLU()
  (p): MaxPool2d(kernel_size=2, stride=2, padding=0, dilation=1, ceil_mode=False)
  (c3): Conv2d(16, 16, kernel_size=(3, 3), stride=(1, 1), padding=(1, 1))
  (r3): ReLU()
  (ap): AdaptiveAvgPool2d(output_size=1)
  (fl): Flatten(start_dim=1, end_dim=-1)
  (fc): Linear(in_features=16, out_features=10, bias=True)
)



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
    
# To see more debug info, please use `graph_module.print_readable()`