"""Files someone else wrote: regular files of a bounded size, inside the folder they belong to.

Every file the game reads from a mod, a map or a save goes through here. A file is
refused, before a byte of it is read, when it is

- a symbolic link (or lies in a linked folder) whose target is outside the folder it
  belongs to (``root``: a mod's folder, the game's own folder), or a link to nothing;
- a symbolic link loop;
- anything but a regular file: a FIFO would block the reader for ever, a device such as
  ``/dev/zero`` never ends, a folder is no file;
- larger than the limit of its kind (``game.rules.limits``).

A refusal is ``(expected, found)``; the caller adds the file and the field. Files are
opened without blocking (a FIFO put in place after the check still cannot hang the
reader) and checked again on the open file, and never more than the limit is read.

Files the game writes (saves, settings) are written atomically (``write_atomically``: a
temporary file renamed over the target), and the temporaries of writes cut short are
removed (``remove_leftovers``).
"""

from __future__ import annotations

import errno
import glob
import os
import stat
import tempfile
from pathlib import Path

#: why a file cannot be used: (what was expected, what was found)
Refusal = tuple[str, str]

_OPEN_FLAGS = (os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
               | getattr(os, "O_BINARY", 0))


def real(path: Path | str) -> str:
    """``path`` with every symbolic link followed, as far as they lead (never raises; a
    loop is left where it loops)."""
    return os.path.realpath(os.path.abspath(path))


def is_inside(path: Path | str, root: Path | str) -> bool:
    """Does ``path``, links followed, lie inside ``root`` (links followed) or is it
    ``root`` itself?"""
    target, folder = real(path), real(root)
    return target == folder or target.startswith(folder.rstrip(os.sep) + os.sep)


def kind_of(mode: int) -> str:
    """What a file of this ``st_mode`` is, in words."""
    if stat.S_ISREG(mode):
        return "a file"
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISCHR(mode):
        return "a character device"
    if stat.S_ISBLK(mode):
        return "a block device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "a special file"


def _stat_problem(path: Path, exc: OSError) -> Refusal:
    if exc.errno == errno.ELOOP:
        return "a file, or a link to one", "a symbolic link loop"
    if exc.errno == errno.ENOENT and os.path.islink(path):
        return "a file, or a link to one", f"a link to nothing ({os.readlink(path)})"
    return "a readable file", exc.strerror or type(exc).__name__


def _outside(path: Path, root: Path | str, what: str) -> Refusal | None:
    if is_inside(path, root):
        return None
    return (f"{what} inside {root} (a link may not lead out of it)",
            f"a link to {real(path)}")


def entry_problem(path: Path, root: Path | str | None = None, *, folder: bool = False,
                  max_bytes: int | None = None) -> Refusal | None:
    """Why ``path`` is not a regular file (``folder``: a folder) inside ``root`` of at
    most ``max_bytes`` bytes, or None. Only looks (``stat``); reads nothing."""
    what = "a folder" if folder else "a file"
    try:
        info = os.stat(path)
    except OSError as exc:
        return _stat_problem(path, exc)
    if root is not None:
        outside = _outside(path, root, what)
        if outside is not None:
            return outside
    wanted = stat.S_ISDIR(info.st_mode) if folder else stat.S_ISREG(info.st_mode)
    if not wanted:
        return ("a folder" if folder else "a regular file"), kind_of(info.st_mode)
    if max_bytes is not None and info.st_size > max_bytes:
        return f"a file of at most {max_bytes} bytes", f"{info.st_size} bytes"
    return None


def read_bytes(path: Path | str, max_bytes: int, root: Path | str | None = None, *,
               head: int | None = None) -> bytes | Refusal:
    """The bytes of a regular file of at most ``max_bytes`` bytes (inside ``root`` when
    given), or why it cannot be had; with ``head``, only its first ``head`` bytes."""
    path = Path(path)
    if root is not None:
        problem = entry_problem(path, root)
        if problem is not None:
            return problem
    try:
        fd = os.open(path, _OPEN_FLAGS)
    except OSError as exc:
        return _stat_problem(path, exc)
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            return "a regular file", kind_of(info.st_mode)
        if info.st_size > max_bytes:
            return f"a file of at most {max_bytes} bytes", f"{info.st_size} bytes"
        chunks: list[bytes] = []
        left = max_bytes + 1 if head is None else head
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
    except OSError as exc:
        return "a readable file", exc.strerror or type(exc).__name__
    finally:
        os.close(fd)
    data = b"".join(chunks)
    if head is None and len(data) > max_bytes:
        return f"a file of at most {max_bytes} bytes", "a larger file"
    return data


_PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def png_problem(path: Path | str, max_bytes: int, max_pixels: int,
                root: Path | str | None = None) -> Refusal | None:
    """Why ``path`` is not a PNG picture of at most ``max_bytes`` bytes and ``max_pixels``
    pixels each way (inside ``root`` when given), read from its header before any picture
    is decoded, or None."""
    head = read_bytes(path, max_bytes, root, head=24)
    if isinstance(head, tuple):
        return head
    if head[:8] != _PNG_SIGNATURE or head[12:16] != b"IHDR":
        return "a PNG picture", "a file that is not a PNG picture"
    width, height = int.from_bytes(head[16:20], "big"), int.from_bytes(head[20:24], "big")
    if not (0 < width <= max_pixels and 0 < height <= max_pixels):
        return f"a picture of at most {max_pixels} x {max_pixels} pixels", f"{width} x {height}"
    return None


# ---------------------------------------------------------------------------- writing

#: the temporary files ``write_atomically`` writes next to ``<name>``: ``.<name>.*.tmp``
TEMPORARY = ".{name}.*.tmp"


def write_atomically(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` so that the file is either the old or the new one, in
    one rename; temporary files of earlier writes of ``path`` that were cut short (the
    program killed while writing) are removed once it is written."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise
    _sync_folder(path.parent)
    remove_leftovers(path.parent, path.name)


def _sync_folder(folder: Path) -> None:
    """Make the rename itself last (POSIX: the folder's entry is synced too)."""
    if os.name != "posix":
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def remove_leftovers(folder: Path, name: str = "*") -> int:
    """Remove the temporary files ``write_atomically`` left in ``folder`` when it was cut
    short (of the file ``name``, or of any file); returns how many went. A write going on
    at that moment in another program loses its temporary file and fails (its target
    stays the old file)."""
    removed = 0
    try:
        pattern = TEMPORARY.format(name=name if name == "*" else glob.escape(name))
        leftovers = list(Path(folder).glob(pattern))
    except OSError:
        return 0
    for leftover in leftovers:
        try:
            if leftover.is_file() and not leftover.is_symlink():
                leftover.unlink()
                removed += 1
        except OSError:
            continue
    return removed
