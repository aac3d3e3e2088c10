"""Atomic writes (liarlab.core.files): a write killed midway leaves no partial file under the real name, and what is
written is readable by everyone."""
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

from liarlab.core import files


def test_a_write_killed_midway_leaves_no_partial_file(tmp_path):
    target = tmp_path / "big.pkl"
    script = textwrap.dedent(f"""
        import os
        from liarlab.core import files
        # write through the same atomic path the cache uses, dying halfway through the payload
        real_fdopen = os.fdopen
        def dying_fdopen(fd, mode):
            handle = real_fdopen(fd, mode)
            write = handle.write
            def die_after_half(data):
                write(data[: len(data) // 2]); handle.flush(); os.kill(os.getpid(), 9)
            handle.write = die_after_half
            return handle
        os.fdopen = dying_fdopen
        files.atomic_write_bytes(r"{target}", b"y" * 100000)
    """)
    proc = subprocess.run([sys.executable, "-c", script], capture_output=True)
    assert proc.returncode == -signal.SIGKILL
    assert not target.exists()
    # the temporary file may remain, but never under the real name, and a rerun succeeds
    files.atomic_write_bytes(target, b"done")
    assert target.read_bytes() == b"done"


def test_written_files_are_readable_by_everyone(tmp_path):
    files.atomic_write_bytes(tmp_path / "a.csv", b"x\n")
    assert (tmp_path / "a.csv").stat().st_mode & 0o044 == 0o044


def test_the_commit_is_read_from_the_repository_or_unknown(tmp_path):
    here = files.git_commit(Path(__file__).parent)
    assert len(here) == 40 or here == "unknown"      # a checkout, or an unpacked copy without git
    assert files.git_commit(tmp_path) == "unknown"    # no repository there
