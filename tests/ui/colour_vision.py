#!/usr/bin/env python3
"""colour_vision.py — how a colour-blind player sees a screenshot, and how far
apart a variant's seat colours stay for him (s17-club: Chess Four's Black and
Dark Brown).

  colour_vision.py shot.png            writes shot-deuteranopia.png and
                                       shot-protanopia.png beside it
  colour_vision.py --pairs '#2a2a2a' '#7a4a25' ...
                                       CIE76 distance (Delta E) of every pair,
                                       normal vision, deuteranopia, protanopia
  colour_vision.py --contrast '#858589' '#282c35' ...
                                       WCAG 2 contrast ratio of every pair
  colour_vision.py --kiosk shot.png ...
                                       the kiosk's texts on its table header
                                       rows (#282c35, ui/theme.h kTableHeader:
                                       the move list's seat names): each
                                       word's strongest pixel against the row,
                                       exit 1 below WCAG AA's 4.5:1 (s19-club:
                                       Black's name was 4.0:1). Renderings at
                                       210 px/in: small glyphs at 133 px/in
                                       have no pixel of full coverage

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


def relative_luminance(rgb):
    r, g, b = (to_linear(float(v)) for v in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b):
    """WCAG 2 contrast ratio, 1 to 21."""
    la, lb = sorted((relative_luminance(a), relative_luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def hex_rgb(c):
    return tuple(int(c.lstrip('#')[i:i + 2], 16) for i in (0, 2, 4))


def contrasts(colours):
    rgb = [hex_rgb(c) for c in colours]
    print('pair               WCAG contrast')
    for i in range(len(rgb)):
        for j in range(i + 1, len(rgb)):
            print(f'{colours[i]} {colours[j]}  {contrast(rgb[i], rgb[j]):5.2f}:1')


KIOSK_TABLE_HEADER = (40, 44, 53)  # ui/theme.h kTableHeader
AA_TEXT = 4.5


def header_words(path, background=KIOSK_TABLE_HEADER, gap=6):
    """The words drawn on rows of `background` in a kiosk screenshot: for each
    band of rows where the background covers at least 120 px, the clusters
    of other pixels (split at `gap` columns of background), each with its
    strongest pixel (the glyph's own colour; the edges are anti-aliased)."""
    width, height, channels, rows = read_png(path)
    px = lambda line, x: tuple(line[x * channels:x * channels + 3])

    pixel = bytes(background) if channels == 3 else bytes(background + (255,))
    # A row of the band: the background over at least 120 px of it, words or not.
    band_rows = [y for y in range(height) if bytes(rows[y]).count(pixel) >= 120]
    bands, start = [], None
    for i, y in enumerate(band_rows):
        if start is None:
            start = y
        if i + 1 == len(band_rows) or band_rows[i + 1] != y + 1:
            if y - start >= 8:  # a row of text, not a rule
                bands.append((start, y))
            start = None
    words = []
    for y0, y1 in bands:
        # Only the columns where the band's background shows on its first row.
        cols = [x for x in range(width) if px(rows[y0], x) == background]
        if not cols:
            continue
        strongest, last_x, first_x = None, None, None
        for x in range(cols[0], cols[-1] + 1):
            ink = [px(rows[y], x) for y in range(y0, y1 + 1) if px(rows[y], x) != background]
            if ink:
                best = max(ink, key=lambda c: contrast(c, background))
                if strongest is None or (last_x is not None and x - last_x > gap):
                    if strongest is not None:
                        words.append(((first_x, y0), strongest))
                    strongest, first_x = best, x
                elif contrast(best, background) > contrast(strongest, background):
                    strongest = best
                last_x = x
        if strongest is not None:
            words.append(((first_x, y0), strongest))
    return words


def kiosk_check(paths):
    failed = 0
    for path in paths:
        words = header_words(path)
        if not words:
            print(f'{path}: no text on a table header row (#282c35) found')
            failed = 1
        for (x, y), colour in words:
            ratio = contrast(colour, KIOSK_TABLE_HEADER)
            verdict = 'ok' if ratio >= AA_TEXT else 'BELOW 4.5:1'
            failed |= ratio < AA_TEXT
            print(f'{path}: text at ({x},{y}) #{colour[0]:02x}{colour[1]:02x}{colour[2]:02x} '
                  f'on #282c35: {ratio:.2f}:1 {verdict}')
    return failed


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
    elif len(sys.argv) >= 4 and sys.argv[1] == '--contrast':
        contrasts(sys.argv[2:])
    elif len(sys.argv) >= 3 and sys.argv[1] == '--kiosk':
        sys.exit(kiosk_check(sys.argv[2:]))
    elif len(sys.argv) == 2:
        transform(sys.argv[1])
    else:
        sys.exit(__doc__)
