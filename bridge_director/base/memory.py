"""The C allocator's thresholds, pinned for processes that rule many cases.

glibc's malloc moves its mmap threshold up as large blocks are freed and gives memory back to
the system whenever the top of the heap is free beyond the trim threshold; a process ruling
thousands of cases then takes the same pages from the kernel and gives them back over and over
(about 92 minor page faults per case were measured, a fifth of the CPU in the kernel). Pinning
both thresholds (the one alone makes long cases slower) keeps the pages the process has used.
Memory stays bounded by what the process needs at its peak; it is not returned between cases.

Used by the batch commands (``director check``, ``prove``, ``serve``) and the bench and sweep
tools; ``director rule`` does not load ctypes for one case.
"""
from __future__ import annotations

import sys

M_TRIM_THRESHOLD = -1      # glibc mallopt parameters (malloc.h)
M_MMAP_THRESHOLD = -3
MMAP_THRESHOLD = 32 * 1024 * 1024     # bytes: blocks larger than this are mmapped
TRIM_THRESHOLD = 128 * 1024 * 1024    # bytes: free memory at the top kept up to this


def pin_allocator() -> bool:
    """Pin glibc's mmap and trim thresholds (see the module docstring). Returns whether both
    were set; False on another C library or platform (nothing is changed then). Never raises."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        import ctypes
        libc = ctypes.CDLL("libc.so.6")
        return bool(libc.mallopt(M_MMAP_THRESHOLD, MMAP_THRESHOLD)) and bool(libc.mallopt(M_TRIM_THRESHOLD, TRIM_THRESHOLD))
    except (OSError, AttributeError):
        return False
