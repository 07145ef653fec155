"""Models of the benchmarks that are not torchvision's (loaded by tools/fx2c-export --module bench/models.py:NAME)."""
import torch.nn as nn


class MLP(nn.Module):
    """784-256-128-10 with ReLU: the classic MNIST multilayer perceptron."""

    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(784, 256)
        self.fc2 = nn.Linear(256, 128)
        self.fc3 = nn.Linear(128, 10)
        self.relu = nn.ReLU()

    def forward(self, x):
        return self.fc3(self.relu(self.fc2(self.relu(self.fc1(x)))))
