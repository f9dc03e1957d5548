#!/usr/bin/env python3
"""colour_vision.py — how a colour-blind player sees a screenshot, and how far
apart a variant's seat colours stay for him (s17-club: Chess Four's Black and
Dark Brown).

  colour_vision.py shot.png            writes shot-deuteranopia.png and
                                       shot-protanopia.png beside it
  colour_vision.py --pairs '#2a2a2a' '#7a4a25' ...
                                       CIE76 distance (Delta E) of every pair,
                                       normal vision, deuteranopia, protanopia

The simulation is Machado, Oliveira and Fernandes (2009), severity 1.0, on
linear RGB; the distance is CIE L*a*b* Delta E 1976 (D65). Standard library
only (zlib): 8-bit RGB or RGBA PNGs, not interlaced (what the kiosk's
screenshots and Chromium's are).
"""
import struct
import sys
import zlib

MACHADO = {
    'deuteranopia': ((0.367322, 0.860646, -0.227968),
                     (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    'protanopia': ((0.152286, 1.052583, -0.204868),
                   (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
}


def to_linear(c):
    c /= 255.0
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def to_srgb(c):
    c = min(1.0, max(0.0, c))
    c = 12.92 * c if c <= 0.0031308 else 1.055 * c ** (1 / 2.4) - 0.055
    return int(round(c * 255))


def simulate(rgb, kind):
    if kind == 'normal':
        return rgb
    lin = [to_linear(float(v)) for v in rgb]
    m = MACHADO[kind]
    return tuple(to_srgb(sum(m[r][k] * lin[k] for k in range(3))) for r in range(3))


def lab(rgb):
    r, g, b = (to_linear(float(v)) for v in rgb)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883
    f = lambda t: t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116
    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def delta_e(a, b):
    return sum((p - q) ** 2 for p, q in zip(lab(a), lab(b))) ** 0.5


def read_png(path):
    data = open(path, 'rb').read()
    if data[:8] != b'\x89PNG\r\n\x1a\n':
        sys.exit(f'{path}: not a PNG')
    pos, idat, width = 8, b'', 0
    while pos < len(data):
        n, kind = struct.unpack('>I4s', data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        if kind == b'IHDR':
            width, height, depth, ctype, _, _, interlace = struct.unpack('>IIBBBBB', body)
            if depth != 8 or ctype not in (2, 6) or interlace:
                sys.exit(f'{path}: only 8-bit RGB/RGBA PNGs without interlacing (depth {depth}, type {ctype})')
            channels = 3 if ctype == 2 else 4
        elif kind == b'IDAT':
            idat += body
        pos += 12 + n
    raw, stride = zlib.decompress(idat), width * channels
    rows, prev = [], bytearray(stride)
    for y in range(height):
        f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - channels] if i >= channels else 0
            b, c = prev[i], prev[i - channels] if i >= channels else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(line)
        prev = line
    return width, height, channels, rows


def write_png(path, width, height, rows):
    raw = b''.join(b'\x00' + bytes(r) for r in rows)
    chunk = lambda k, b: struct.pack('>I', len(b)) + k + b + struct.pack('>I', zlib.crc32(k + b) & 0xffffffff)
    with open(path, 'wb') as f:
        f.write(b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', width, height, 8, 2, 0, 0, 0))
                + chunk(b'IDAT', zlib.compress(raw, 6)) + chunk(b'IEND', b''))


def transform(path):
    width, height, channels, rows = read_png(path)
    for kind in ('deuteranopia', 'protanopia'):
        cache, out = {}, []
        for line in rows:
            o = bytearray(width * 3)
            for x in range(width):
                px = tuple(line[x * channels:x * channels + 3])
                if px not in cache:
                    cache[px] = simulate(px, kind)
                o[x * 3:x * 3 + 3] = bytes(cache[px])
            out.append(o)
        name = path[:-4] + '-' + kind + '.png'
        write_png(name, width, height, out)
        print(name)


def pairs(colours):
    rgb = [tuple(int(c.lstrip('#')[i:i + 2], 16) for i in (0, 2, 4)) for c in colours]
    print('pair                 normal  deuteranopia  protanopia')
    for i in range(len(rgb)):
        for j in range(i + 1, len(rgb)):
            d = [delta_e(simulate(rgb[i], k), simulate(rgb[j], k)) for k in ('normal', 'deuteranopia', 'protanopia')]
            print(f'{colours[i]} {colours[j]}  {d[0]:6.1f}  {d[1]:12.1f}  {d[2]:10.1f}')


if __name__ == '__main__':
    if len(sys.argv) >= 3 and sys.argv[1] == '--pairs':
        pairs(sys.argv[2:])
    elif len(sys.argv) == 2:
        transform(sys.argv[1])
    else:
        sys.exit(__doc__)
