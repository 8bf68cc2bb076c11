"""The per-draw stress traces' triangles and their covered pixels, for coarse-zcull.py and zcull-formats.py.

A rasterisation at the pixel centres of the 2048x1024 surface that `gpusim microbench --stress` draws on
(a pixel is covered when its centre is on the inner side of, or on, all three edges).
"""
import numpy as np

W, H = 2048, 1024


def draws(trace):
    """The trace's vertices as (draw, triangle, vertex, xyz), every draw of equal size."""
    v = []
    for line in open(trace):
        if line.startswith("v "):
            a = line.split()
            v.append((float(a[1]), float(a[2]), float(a[3])))
    n = sum(1 for line in open(trace) if line.startswith("draw "))
    return np.array(v).reshape(n, -1, 3, 3)


def coverage(p, align):
    """Triangle p's depth, the corner (X0, Y0) of its bounding box widened to multiples of align pixels,
    and its covered pixels over that box; None when it covers no pixel's box or has no area."""
    x = (p[:, 0] + 1) * W / 2
    y = (1 - p[:, 1]) * H / 2
    x0, x1 = max(0, int(np.floor(x.min()))), min(W - 1, int(np.ceil(x.max())))
    y0, y1 = max(0, int(np.floor(y.min()))), min(H - 1, int(np.ceil(y.max())))
    if x0 > x1 or y0 > y1 or (x[1] - x[0]) * (y[2] - y[0]) == (y[1] - y[0]) * (x[2] - x[0]):
        return None
    X0, Y0 = x0 // align * align, y0 // align * align
    X1, Y1 = (x1 // align + 1) * align, (y1 // align + 1) * align
    px, py = np.meshgrid(np.arange(X0, X1) + 0.5, np.arange(Y0, Y1) + 0.5)

    def edge(i, j):
        return (x[j] - x[i]) * (py - y[i]) - (y[j] - y[i]) * (px - x[i])

    e0, e1, e2 = edge(0, 1), edge(1, 2), edge(2, 0)
    cov = ((e0 >= 0) & (e1 >= 0) & (e2 >= 0)) | ((e0 <= 0) & (e1 <= 0) & (e2 <= 0))
    return p[0, 2], X0, Y0, cov
