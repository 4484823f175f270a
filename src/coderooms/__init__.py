"""coderooms: shared memory and context tools for coding agents."""

__version__ = "0.1.0"
