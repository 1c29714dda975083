#!/usr/bin/env python3
"""png_check.py - checks pixel colours of a PNG image, with Python's standard library only.

usage: png_check.py IMAGE.png CHECK...
  X,Y=#rrggbb    the pixel at (X, Y) is this colour, each channel within 16
  X,Y!=#rrggbb   the pixel at (X, Y) is not this colour (some channel differs by more than 16)
  ...=#rrggbb/T  the same with a tolerance of T per channel
  X,Y?           prints the pixel's colour (for writing checks)
Exit status 0 when every check holds, 1 otherwise (each failure named on stderr), 2 for an image
this reader does not decode. Decodes 8-bit greyscale, RGB and RGBA (with or without alpha,
non-interlaced), which is what rsvg-convert writes; a transparent pixel reads as white.
"""
import struct
import sys
import zlib

TOLERANCE = 16


def decode(path):
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG file")
    pos, idat, header = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        pos += 12 + length
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        elif kind == b"IEND":
            break
    width, height, depth, color, _, _, interlace = header
    channels = {0: 1, 2: 3, 4: 2, 6: 4}.get(color)
    if depth != 8 or channels is None or interlace:
        raise ValueError("unsupported PNG: depth %d, colour type %d, interlace %d"
                         % (depth, color, interlace))
    raw = zlib.decompress(idat)
    stride = width * channels
    rows, prev, i = [], bytearray(stride), 0
    for _ in range(height):
        kind, line = raw[i], bytearray(raw[i + 1:i + 1 + stride])
        i += 1 + stride
        # The five PNG filters: each byte was stored as a difference from its neighbours.
        for x in range(stride):
            a = line[x - channels] if x >= channels else 0
            b = prev[x]
            c = prev[x - channels] if x >= channels else 0
            if kind == 1:
                line[x] = (line[x] + a) & 255
            elif kind == 2:
                line[x] = (line[x] + b) & 255
            elif kind == 3:
                line[x] = (line[x] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pred = a if pa <= pb and pa <= pc else b if pb <= pc else c
                line[x] = (line[x] + pred) & 255
        rows.append(line)
        prev = line
    return width, height, channels, rows


def pixel(image, x, y):
    width, height, channels, rows = image
    if not (0 <= x < width and 0 <= y < height):
        raise IndexError("pixel %d,%d outside the %dx%d image" % (x, y, width, height))
    p = rows[y][x * channels:(x + 1) * channels]
    if channels <= 2:
        rgb, alpha = (p[0], p[0], p[0]), (p[1] if channels == 2 else 255)
    else:
        rgb, alpha = tuple(p[:3]), (p[3] if channels == 4 else 255)
    # Composite over white, as a viewer would show it.
    return tuple((v * alpha + 255 * (255 - alpha)) // 255 for v in rgb)


def main(argv):
    if len(argv) < 3:
        sys.stderr.write(__doc__)
        return 2
    try:
        image = decode(argv[1])
    except (OSError, ValueError, zlib.error, struct.error, TypeError) as e:
        sys.stderr.write("png_check: %s: %s\n" % (argv[1], e))
        return 2
    failed = 0
    for check in argv[2:]:
        where, op, want = check, "?", None
        for sep in ("!=", "="):
            if sep in check:
                where, want = check.split(sep, 1)
                op = sep
                break
        x, y = (int(v) for v in where.rstrip("?").split(","))
        got = pixel(image, x, y)
        shown = "#%02x%02x%02x" % got
        if op == "?":
            print("%d,%d %s" % (x, y, shown))
            continue
        tolerance = TOLERANCE
        if "/" in want:
            want, t = want.split("/", 1)
            tolerance = int(t)
        w = want.lstrip("#")
        expected = tuple(int(w[k:k + 2], 16) for k in (0, 2, 4))
        close = all(abs(g - e) <= tolerance for g, e in zip(got, expected))
        if close != (op == "="):
            sys.stderr.write("png_check: %s: pixel %d,%d is %s\n" % (check, x, y, shown))
            failed += 1
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
