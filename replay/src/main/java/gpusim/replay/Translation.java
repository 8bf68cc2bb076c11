package gpusim.replay;

import gpusim.api.QueryType;
import gpusim.trace.Command;
import gpusim.trace.CommandList;
import gpusim.trace.Resource;
import gpusim.trace.TopCommand;
import gpusim.trace.Trace;

/**
 * What of a trace has a Vulkan translation (docs/replay.md, "What is not replayed"), checked
 * before anything runs so that a replay never stops half-way: the first command without one
 * is named with its line.
 */
final class Translation {
    /** The most groups one replayed dispatch may have (2^32): bounded work on a real device. */
    static final long MAX_DISPATCH_GROUPS = 1L << 32;

    private Translation() {
    }

    /** Throws {@link ReplayException} (NOT_TRANSLATABLE or UNSUPPORTED) for the first command the replay cannot run. */
    static void check(Trace trace, VulkanDevice dev) {
        for (Resource r : trace.resources()) {
            if (r instanceof Resource.RenderTarget rt) {
                size(dev, rt.name(), rt.width(), rt.height(), rt.line());
                if (!dev.colorSamplesSupported(rt.samples())) {
                    throw unsupported(rt.line(), "render_target " + rt.name() + ": " + dev.info().name()
                            + " cannot render RGBA8 at " + rt.samples() + " samples");
                }
            } else if (r instanceof Resource.DepthStencil ds) {
                size(dev, ds.name(), ds.width(), ds.height(), ds.line());
                if (!dev.depthFormatSupported(DeviceImage.vkFormat(ds.format()), ds.samples())) {
                    throw unsupported(ds.line(), "depth_stencil " + ds.name() + ": " + dev.info().name()
                            + " has no " + ds.format() + " depth-stencil attachment at " + ds.samples() + " samples");
                }
            } else if (r instanceof Resource.Pso p && p.state().streamOutput() != null) {
                throw notTranslatable(p.line(), "pipeline_state " + p.name() + " streams output: stream output "
                        + "(VK_EXT_transform_feedback) is not replayed");
            } else if (r instanceof Resource.VideoDecoderHeap v) {
                throw notTranslatable(v.line(), "video_decoder_heap " + v.name() + ": video decode is not replayed");
            }
        }
        for (TopCommand c : trace.submissions()) {
            if (c instanceof TopCommand.Execute e) {
                for (CommandList l : e.lists()) {
                    for (Command cmd : l.commands()) {
                        check(cmd, dev);
                    }
                }
            }
        }
    }

    private static void check(Command cmd, VulkanDevice dev) {
        if (cmd instanceof Command.BeginQuery b) {
            queryType(b.type(), b.line(), dev);
        } else if (cmd instanceof Command.EndQuery e) {
            queryType(e.type(), e.line(), dev);
        } else if (cmd instanceof Command.ResolveQueryData r) {
            queryType(r.type(), r.line(), dev);
        } else if (cmd instanceof Command.WriteQuery w) {
            throw notTranslatable(w.line(), "write_query: Vulkan has no per-unit counters written at a stride "
                    + "(the Xbox One WriteQuery); the model runs it");
        } else if (cmd instanceof Command.SetSoTargets s) {
            throw notTranslatable(s.line(), "set_so_targets: stream output is not replayed");
        } else if (cmd instanceof Command.DecodeFrame d) {
            throw notTranslatable(d.line(), "decode_frame: video decode is not replayed");
        } else if (cmd instanceof Command.Dispatch d) {
            if (d.x() > dev.maxComputeGroups || d.y() > dev.maxComputeGroups || d.z() > dev.maxComputeGroups) {
                throw unsupported(d.line(), "dispatch " + d.x() + " " + d.y() + " " + d.z() + ": the device "
                        + "dispatches at most " + dev.maxComputeGroups + " groups a dimension");
            }
            // D3D12 allows 65535 groups a dimension, 2.8e14 in all: a device could run one for
            // hours (no watchdog on a headless GPU), so a replay takes at most MAX_DISPATCH_GROUPS.
            if (d.x() * d.y() * d.z() > MAX_DISPATCH_GROUPS) {
                throw unsupported(d.line(), "dispatch " + d.x() + " " + d.y() + " " + d.z() + ": "
                        + d.x() * d.y() * d.z() + " groups, more than the " + MAX_DISPATCH_GROUPS
                        + " a replayed dispatch may have");
            }
        } else if (cmd instanceof Command.Draw d) {
            count(d.vertexCount(), d.instances(), d.line());
        } else if (cmd instanceof Command.DrawIndexed d) {
            count(d.indexCount(), d.instances(), d.line());
        } else if (cmd instanceof Command.CopyBufferRegion c) {
            if (c.bytes() > 0xFFFF_FFF0L || c.dstOffset() + c.bytes() > 0xFFFF_FFF0L
                    || c.srcOffset() + c.bytes() > 0xFFFF_FFF0L) {
                throw notTranslatable(c.line(), "copy_buffer_region past 4 GiB is not replayed");
            }
        }
    }

    private static void count(long n, long instances, int line) {
        if (n > 0xFFFF_FFFFL || instances > 0xFFFF_FFFFL) {
            throw notTranslatable(line, "a draw of more than 2^32 - 1 vertices or instances");
        }
    }

    private static void queryType(QueryType t, int line, VulkanDevice dev) {
        if (t == QueryType.PIPELINE_STATISTICS && !dev.pipelineStatistics) {
            throw unsupported(line, dev.info().name() + " has no pipeline statistics queries "
                    + "(the pipelineStatisticsQuery feature)");
        }
        if (t != QueryType.OCCLUSION && t != QueryType.BINARY_OCCLUSION && t != QueryType.TIMESTAMP
                && t != QueryType.PIPELINE_STATISTICS) {
            throw notTranslatable(line, t + " queries are not replayed (OCCLUSION, BINARY_OCCLUSION, TIMESTAMP and "
                    + "PIPELINE_STATISTICS are)");
        }
    }

    private static void size(VulkanDevice dev, String name, int w, int h, int line) {
        if (w > dev.maxImageDimension || h > dev.maxImageDimension) {
            throw unsupported(line, name + ": " + w + "x" + h + " is larger than the device's "
                    + dev.maxImageDimension + " pixels a side");
        }
    }

    static ReplayException unsupported(int line, String why) {
        return new ReplayException(ReplayException.Kind.UNSUPPORTED, "line " + line + ": " + why);
    }

    static ReplayException notTranslatable(int line, String why) {
        return new ReplayException(ReplayException.Kind.NOT_TRANSLATABLE, "line " + line + ": " + why);
    }
}
