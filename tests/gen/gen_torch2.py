#!/usr/bin/python3
"""Generate tests/torch2/CASE/: graphs as torch 2.x prints them (torch.export, dynamo, dynamo with inlined modules,
print_tabular of Python functions), which torch 1.13 cannot produce, so each is written here beside the module it
was printed from. The module, run by torch 1.13, gives the outputs (output0.npy ...) for the inputs (input0.npy ...);
its state_dict (plus torch.export's lifted constants) is weights.pt, print(model) is modules.txt.
tests/torch2/run.sh compares fx2c's outputs with them.

    /usr/bin/python3 tests/gen/gen_torch2.py
"""
import os
import shutil

import numpy as np
import torch
import torch.nn.functional as F

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.normpath(os.path.join(HERE, "..", "torch2"))


class ExportedMLP(torch.nn.Module):
    """torch.export (2.1+): parameters (p_), buffers (b_) and lifted constants (c_) arrive as placeholders before
    the inputs; x.shape[0] is aten.sym_size.int."""

    def __init__(self):
        super().__init__()
        self.fc = torch.nn.Linear(4, 6)
        self.register_buffer("scale", torch.linspace(0.5, 2.0, 6))
        self.lifted_tensor_0 = torch.tensor([0.25, -1.0, 3.0, 0.0, 1.5, -0.5])  # a constant tensor of forward

    def forward(self, x):
        y = self.fc(x) * self.scale + self.lifted_tensor_0
        return y.view(x.shape[0], 2, -1).relu()


EXPORTED_MLP = """\
graph():
    %p_fc_weight : [num_users=1] = placeholder[target=p_fc_weight]
    %p_fc_bias : [num_users=1] = placeholder[target=p_fc_bias]
    %b_scale : [num_users=1] = placeholder[target=b_scale]
    %c_lifted_tensor_0 : [num_users=1] = placeholder[target=c_lifted_tensor_0]
    %x : [num_users=2] = placeholder[target=x]
    %linear : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%x, %p_fc_weight, %p_fc_bias), kwargs = {})
    %mul : [num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%linear, %b_scale), kwargs = {})
    %add : [num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%mul, %c_lifted_tensor_0), kwargs = {})
    %sym_size_int : [num_users=1] = call_function[target=torch.ops.aten.sym_size.int](args = (%x, 0), kwargs = {})
    %view : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%add, [%sym_size_int, 2, -1]), kwargs = {})
    %relu : [num_users=1] = call_function[target=torch.ops.aten.relu.default](args = (%view,), kwargs = {})
    return (relu,)
"""


class Block(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.conv1 = torch.nn.Conv1d(4, 4, 3, padding=1)


class DynamoModel(torch.nn.Module):
    """dynamo (torch 2.0-2.3): the argument x is placeholder l_x_ (target L_x_), layers and attributes are
    L__self___PATH with '.' written '_'; torch._assert's message is printed unquoted (with parentheses, and an empty
    one as nothing); a slice of
    an attribute by a size is slice(None, size, None) with the node's bare name; torch.functional.split; aten
    zeros_like with its keyword arguments; an unused get_attr of the module itself (an empty target)."""

    def __init__(self):
        super().__init__()
        self.layer1 = torch.nn.ModuleList([Block()])
        self.pos = torch.nn.Parameter(torch.randn(4, 12))

    def forward(self, x):
        torch._assert(x.dim() == 3, "expected 3D input (got Proxy(getattr_1)D input)")
        torch._assert(x.dim() == 3, "")
        y = self.layer1[0].conv1(x) + self.pos[:, :x.size(2)]
        a, b = torch.functional.split(y, 2, dim=1)
        return a * b, torch.zeros_like(x) + 1.0


DYNAMO_MODEL = """\
graph():
    %l_x_ : torch.Tensor [num_users=4] = placeholder[target=L_x_]
    %getattr_1 : [num_users=1] = call_function[target=builtins.getattr](args = (%l_x_, ndim), kwargs = {})
    %eq : [num_users=2] = call_function[target=operator.eq](args = (%getattr_1, 3), kwargs = {})
    %_assert : [num_users=0] = call_function[target=torch._assert](args = (%eq, expected 3D input (got Proxy(getattr_1)D input)), kwargs = {})
    %_assert_1 : [num_users=0] = call_function[target=torch._assert](args = (%eq, ), kwargs = {})
    %l__self___layer1_0_conv1 : [num_users=1] = call_module[target=L__self___layer1_0_conv1](args = (%l_x_,), kwargs = {})
    %l__self___pos : [num_users=1] = get_attr[target=L__self___pos]
    %self_1 : [num_users=0] = get_attr[target=]
    %size : [num_users=1] = call_method[target=size](args = (%l_x_, 2), kwargs = {})
    %getitem : [num_users=1] = call_function[target=operator.getitem](args = (%l__self___pos, (slice(None, None, None), slice(None, size, None))), kwargs = {})
    %add : [num_users=1] = call_function[target=operator.add](args = (%l__self___layer1_0_conv1, %getitem), kwargs = {})
    %split : [num_users=2] = call_function[target=torch.functional.split](args = (%add, 2), kwargs = {dim: 1})
    %getitem_1 : [num_users=1] = call_function[target=operator.getitem](args = (%split, 0), kwargs = {})
    %getitem_2 : [num_users=1] = call_function[target=operator.getitem](args = (%split, 1), kwargs = {})
    %mul : [num_users=1] = call_function[target=operator.mul](args = (%getitem_1, %getitem_2), kwargs = {})
    %zeros_like : [num_users=1] = call_function[target=torch.ops.aten.zeros_like.default](args = (%l_x_,), kwargs = {pin_memory: False})
    %add_1 : [num_users=1] = call_function[target=operator.add](args = (%zeros_like, 1.0), kwargs = {})
    return (mul, add_1)
"""


class InlinedModel(torch.nn.Module):
    """dynamo with inlined modules (torch 2.5+): parameters and buffers are placeholders
    L_self_modules_PATH_parameters_NAME_, layers are calls of torch functions."""

    def __init__(self):
        super().__init__()
        self.enc = torch.nn.Sequential(torch.nn.Linear(5, 8), torch.nn.LayerNorm(8))
        self.head_proj = torch.nn.Linear(8, 3)

    def forward(self, x):
        return self.head_proj(torch.nn.functional.gelu(self.enc(x)))


INLINED_MODEL = """\
graph():
    %l_x_ : torch.Tensor [num_users=1] = placeholder[target=L_x_]
    %l_self_modules_enc_modules_0_parameters_weight_ : torch.nn.parameter.Parameter [num_users=1] = placeholder[target=L_self_modules_enc_modules_0_parameters_weight_]
    %l_self_modules_enc_modules_0_parameters_bias_ : torch.nn.parameter.Parameter [num_users=1] = placeholder[target=L_self_modules_enc_modules_0_parameters_bias_]
    %l_self_modules_enc_modules_1_parameters_weight_ : torch.nn.parameter.Parameter [num_users=1] = placeholder[target=L_self_modules_enc_modules_1_parameters_weight_]
    %l_self_modules_enc_modules_1_parameters_bias_ : torch.nn.parameter.Parameter [num_users=1] = placeholder[target=L_self_modules_enc_modules_1_parameters_bias_]
    %l_self_modules_head_proj_parameters_weight_ : torch.nn.parameter.Parameter [num_users=1] = placeholder[target=L_self_modules_head_proj_parameters_weight_]
    %l_self_modules_head_proj_parameters_bias_ : torch.nn.parameter.Parameter [num_users=1] = placeholder[target=L_self_modules_head_proj_parameters_bias_]
    %input_1 : [num_users=1] = call_function[target=torch._C._nn.linear](args = (%l_x_, %l_self_modules_enc_modules_0_parameters_weight_, %l_self_modules_enc_modules_0_parameters_bias_), kwargs = {})
    %input_2 : [num_users=1] = call_function[target=torch.nn.functional.layer_norm](args = (%input_1, (8,), %l_self_modules_enc_modules_1_parameters_weight_, %l_self_modules_enc_modules_1_parameters_bias_, 1e-05), kwargs = {})
    %gelu : [num_users=1] = call_function[target=torch._C._nn.gelu](args = (%input_2,), kwargs = {})
    %linear_1 : [num_users=1] = call_function[target=torch._C._nn.linear](args = (%gelu, %l_self_modules_head_proj_parameters_weight_, %l_self_modules_head_proj_parameters_bias_), kwargs = {})
    return (linear_1,)
"""


class FunctionalViews(torch.nn.Module):
    """torch.export's functionalized graphs (torch 2.x): views as aten *_copy ops, scalar_tensor, and aten triu, tril
    and sort; torch 1.13 has every one of these aten ops, so the module calls them as the graph does."""

    def forward(self, x):
        a = torch.ops.aten
        v = a.view_copy.default(x, [6, 4])
        p = a.permute_copy.default(x, [2, 0, 1])
        s = a.slice_copy.Tensor(x, 2, 1, 3)
        d = a.select_copy.int(x, 1, 2)
        u = a.unsqueeze_copy.default(d, 0)
        q = a.squeeze_copy.dim(u, 0)
        t = a.transpose_copy.int(x, 0, 2)
        m = a.t_copy.default(v)
        e = a.expand_copy.default(a.alias_copy.default(q), [3, 2, 4])
        tri = a.triu.default(v, 1) + a.tril.default(v, -1) * a.scalar_tensor.default(3)
        srt = a.sort.default(x, 1, True)
        return p, s, t, m, e, tri, srt[0], srt[1]


FUNCTIONAL_VIEWS = """\
graph():
    %x : [num_users=7] = placeholder[target=x]
    %view_copy : [num_users=3] = call_function[target=torch.ops.aten.view_copy.default](args = (%x, [6, 4]), kwargs = {})
    %permute_copy : [num_users=1] = call_function[target=torch.ops.aten.permute_copy.default](args = (%x, [2, 0, 1]), kwargs = {})
    %slice_copy : [num_users=1] = call_function[target=torch.ops.aten.slice_copy.Tensor](args = (%x, 2, 1, 3), kwargs = {})
    %select_copy : [num_users=1] = call_function[target=torch.ops.aten.select_copy.int](args = (%x, 1, 2), kwargs = {})
    %unsqueeze_copy : [num_users=1] = call_function[target=torch.ops.aten.unsqueeze_copy.default](args = (%select_copy, 0), kwargs = {})
    %squeeze_copy : [num_users=1] = call_function[target=torch.ops.aten.squeeze_copy.dim](args = (%unsqueeze_copy, 0), kwargs = {})
    %transpose_copy : [num_users=1] = call_function[target=torch.ops.aten.transpose_copy.int](args = (%x, 0, 2), kwargs = {})
    %t_copy : [num_users=1] = call_function[target=torch.ops.aten.t_copy.default](args = (%view_copy,), kwargs = {})
    %alias_copy : [num_users=1] = call_function[target=torch.ops.aten.alias_copy.default](args = (%squeeze_copy,), kwargs = {})
    %expand_copy : [num_users=1] = call_function[target=torch.ops.aten.expand_copy.default](args = (%alias_copy, [3, 2, 4]), kwargs = {})
    %triu : [num_users=1] = call_function[target=torch.ops.aten.triu.default](args = (%view_copy, 1), kwargs = {})
    %tril : [num_users=1] = call_function[target=torch.ops.aten.tril.default](args = (%view_copy, -1), kwargs = {})
    %scalar_tensor : [num_users=1] = call_function[target=torch.ops.aten.scalar_tensor.default](args = (3,), kwargs = {})
    %mul : [num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%tril, %scalar_tensor), kwargs = {})
    %add : [num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%triu, %mul), kwargs = {})
    %sort : [num_users=2] = call_function[target=torch.ops.aten.sort.default](args = (%x, 1, True), kwargs = {})
    %getitem : [num_users=1] = call_function[target=operator.getitem](args = (%sort, 0), kwargs = {})
    %getitem_1 : [num_users=1] = call_function[target=operator.getitem](args = (%sort, 1), kwargs = {})
    return (permute_copy, slice_copy, transpose_copy, t_copy, expand_copy, add, getitem, getitem_1)
"""


class TableFunctions(torch.nn.Module):
    """gm.graph.print_tabular() prints Python functions as <function NAME at 0x...>: torch.nn.functional's relu and
    torch.functional's split are found by name."""

    def forward(self, x):
        a, b = torch.functional.split(F.relu(x), 3, dim=1)
        return a - b


def table(rows):
    header = ("opcode", "name", "target", "args", "kwargs")
    w = [max(len(r[i]) for r in rows + [header]) for i in range(5)]
    lines = ["  ".join(header[i].ljust(w[i]) for i in range(5)).rstrip(), "  ".join("-" * x for x in w)]
    lines += ["  ".join(r[i].ljust(w[i]) for i in range(5)).rstrip() for r in rows]
    return "\n".join(lines) + "\n"


TABLE_FUNCTIONS = table([
    ("placeholder", "x", "x", "()", "{}"),
    ("call_function", "relu", "<function relu at 0x7f3a1c2e5f70>", "(x,)", "{'inplace': False}"),
    ("call_function", "split", "<function split at 0x7f3a1c3b9ee0>", "(relu, 3)", "{'dim': 1}"),
    ("call_function", "getitem", "<built-in function getitem>", "(split, 0)", "{}"),
    ("call_function", "getitem_1", "<built-in function getitem>", "(split, 1)", "{}"),
    ("call_function", "sub", "<built-in function sub>", "(getitem, getitem_1)", "{}"),
    ("output", "output", "output", "(sub,)", "{}"),
])

CASES = [
    ("export_params", ExportedMLP, EXPORTED_MLP, [(3, 4)], {"lifted_tensor_0"}),
    ("dynamo_names", DynamoModel, DYNAMO_MODEL, [(2, 4, 9)], set()),
    ("dynamo_inlined", InlinedModel, INLINED_MODEL, [(3, 5)], set()),
    ("export_functional", FunctionalViews, FUNCTIONAL_VIEWS, [(2, 3, 4)], set()),
    ("table_functions", TableFunctions, TABLE_FUNCTIONS, [(2, 6, 5)], set()),
]


def main():
    for name, cls, text, shapes, constants in CASES:
        torch.manual_seed(0)
        m = cls().eval()
        d = os.path.join(OUT, name)
        shutil.rmtree(d, ignore_errors=True)
        os.makedirs(d)
        with open(os.path.join(d, "graph.fx"), "w") as f:
            f.write(text)
        state = dict(m.state_dict())
        for c in sorted(constants):
            state[c] = getattr(m, c)
        if state:
            torch.save(state, os.path.join(d, "weights.pt"))
            with open(os.path.join(d, "modules.txt"), "w") as f:
                f.write(str(m) + "\n")
        inputs = [torch.randn(*s) for s in shapes]
        with torch.no_grad():
            outs = m(*inputs)
        outs = outs if isinstance(outs, tuple) else (outs,)
        for i, t in enumerate(inputs):
            np.save(os.path.join(d, f"input{i}.npy"), t.numpy())
        for i, t in enumerate(outs):
            np.save(os.path.join(d, f"output{i}.npy"), t.numpy())
        print(f"tests/torch2/{name}: {len(inputs)} inputs, {len(outs)} outputs")


if __name__ == "__main__":
    main()
