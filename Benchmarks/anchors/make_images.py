#!/usr/bin/env python3
"""Writes the avatar workload's inputs: a 460x460 photo-like image (smooth gradients and
deterministic noise, so neither format compresses it to nothing) as avatar.png and avatar.ppm;
scripts/bench turns the PPM into avatar.jpg with cjpeg. Usage: make_images.py DIR"""
import math
import struct
import sys
import zlib
from pathlib import Path

size = 460
out = Path(sys.argv[1])
out.mkdir(parents=True, exist_ok=True)
rows = []
seed = 12345
for y in range(size):
    row = bytearray()
    for x in range(size):
        seed = (seed * 1103515245 + 12345) & 0x7FFFFFFF
        noise = (seed >> 16) % 24
        r = int(128 + 100 * math.sin(x / 37.0) + noise) & 0xFF
        g = int(128 + 100 * math.cos(y / 29.0) + noise) & 0xFF
        b = int(128 + 100 * math.sin((x + y) / 53.0) - noise) & 0xFF
        row += bytes((max(0, min(255, r)), max(0, min(255, g)), max(0, min(255, b))))
    rows.append(bytes(row))

(out / "avatar.ppm").write_bytes(b"P6\n%d %d\n255\n" % (size, size) + b"".join(rows))


def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


raw = b"".join(b"\x00" + row for row in rows)
png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0))
png += chunk(b"IDAT", zlib.compress(raw, 6)) + chunk(b"IEND", b"")
(out / "avatar.png").write_bytes(png)
