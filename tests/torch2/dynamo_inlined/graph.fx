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
