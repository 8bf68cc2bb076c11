"""The frame of the H100 probes' traces: one surface, a TIMESTAMP before the first draw and after each.

`lines(...)` gives a whole trace (gpusim trace format, ../../../../shared/spec/trace-format.md) around the
probe's own vertices and commands: a render target and a depth surface of W x H at SAMPLES samples, a
TIMESTAMP heap of n + 1 and the buffer it is resolved to (`tsb`, dumped), one pipeline state (LESS, no
culling) and one vertex buffer. Used by stress-rotated/zcull-probe.py and zcull-forget/probe.py.
"""


def lines(width, height, samples, draws, verts, body, comment=None, clear_depth=False):
    """The trace's lines: the frame around `verts` ("v ..." lines) and `body` (the command list's commands
    after TIMESTAMP 0, each draw followed by its TIMESTAMP), for `draws` timestamped draws; `comment` a
    line after the header; `clear_depth` clears the depth surface before TIMESTAMP 0."""
    head = ["gpusim-trace 1"] + ([comment] if comment else []) + [
        "render_target rt width=%d height=%d samples=%d" % (width, height, samples),
        "depth_stencil ds width=%d height=%d samples=%d" % (width, height, samples),
        "query_heap tsq type=TIMESTAMP count=%d" % (draws + 1),
        "buffer tsb size=%d state=COPY_DEST" % (8 * draws + 8),
        "pipeline_state pso cull=NONE depth_func=LESS",
        "vertex_buffer vb"] + verts + [
        "end", "command_list cl type=DIRECT", "set_pipeline_state pso", "set_render_targets rt=rt ds=ds",
        "set_viewport 0 0 %d %d" % (width, height), "clear_render_target rt 0 0 0 1"] + (
        ["clear_depth_stencil ds depth=1"] if clear_depth else []) + [
        "set_vertex_buffer vb", "end_query tsq TIMESTAMP 0"]
    tail = ["resolve_query_data tsq TIMESTAMP 0 %d tsb 0" % (draws + 1), "close", "execute cl", "dump tsb"]
    return head + body + tail
