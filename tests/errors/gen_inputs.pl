#!/usr/bin/perl
# Writes the error-test inputs that are too big or too binary to commit, deterministically, into DIR:
#   binary_garbage.fx    64 KiB of pseudo-random bytes (a fixed linear congruential generator)
#   long_line.fx         one 10 MB line: a graph whose nodes are joined by spaces, whose last node uses an
#                        undefined name (the caret must land 10 MB into the line)
#   long_token.fx        one 10 MB word
#   deep_nesting.fx      a node whose args open 5 million brackets
use strict;
use warnings;

my $dir = shift or die "usage: gen_inputs.pl DIR\n";

sub write_file {
    my ($name, $data) = @_;
    open(my $fh, '>:raw', "$dir/$name") or die "$dir/$name: $!\n";
    print $fh $data;
    close($fh) or die "$dir/$name: $!\n";
}

my $seed = 12345;
my $garbage = '';
for (1 .. 65536) {
    $seed = ($seed * 1103515245 + 12345) % 2147483648;
    $garbage .= chr(($seed >> 16) & 0xff);
}
write_file('binary_garbage.fx', $garbage);

my @parts = ('graph():', '%x : [#users=1] = placeholder[target=x]');
my $prev = 'x';
my $i = 0;
my $len = 0;
while ($len < 10_000_000) {
    my $line = "%relu_$i : [#users=1] = call_function[target=torch.relu](args = (%$prev,), kwargs = {})";
    push @parts, $line;
    $len += length($line) + 1;
    $prev = "relu_$i";
    $i++;
}
push @parts, "%last : [#users=1] = call_function[target=operator.add](args = (%$prev, %undefined_node), kwargs = {})";
push @parts, 'return last';
write_file('long_line.fx', join(' ', @parts) . "\n");

write_file('long_token.fx', 'a' x 10_000_000 . "\n");

write_file('deep_nesting.fx', "graph():\n    %x : [#users=1] = placeholder[target=x]\n"
    . "    %y : [#users=1] = call_function[target=torch.relu](args = " . ('(' x 5_000_000) . "\n    return y\n");
