"""A stand-in for the expecttest module (not packaged by Debian) that common_methods_invocations imports."""
import unittest

ACCEPT = False


class TestCase(unittest.TestCase):
    pass
