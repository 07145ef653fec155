"""The model of the dump test (tests/dump/run.sh): conv + BatchNorm + ReLU groups that -O2 fuses, a residual, an
in-place write through a view, an elementwise chain and a tuple result, so that every kind of node a dump names
(a node of its own, a fused node under the value it computes, an item of a tuple, one whose buffer is gone) is in
it."""
import torch
import torch.nn.functional as F


class DumpNet(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.conv1 = torch.nn.Conv2d(3, 8, 3, padding=1)
        self.bn1 = torch.nn.BatchNorm2d(8)
        self.conv2 = torch.nn.Conv2d(8, 8, 3, padding=1)
        self.bn2 = torch.nn.BatchNorm2d(8)
        self.fc = torch.nn.Linear(8, 4)

    def forward(self, x):
        y = F.relu(self.bn1(self.conv1(x)))
        z = F.relu(self.bn2(self.conv2(y)) + y)
        z[:, :2].mul_(0.5)  # in place through a view: the dump of mul_ is the view after the write
        w = torch.sigmoid(z) * 2 + 1
        parts = w.chunk(4, dim=1)  # parts[1]: a piece that nothing reads, whose buffer may be gone when chunk ends
        a, c, d = parts[0], parts[2], parts[3]
        w = torch.cat([a, c, d, a + c], dim=1)
        out = self.fc(w.mean((2, 3)))
        return out.topk(2, dim=1)
