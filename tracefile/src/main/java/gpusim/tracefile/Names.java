package gpusim.tracefile;

import gpusim.trace.CommandList;
import gpusim.trace.Resource;
import java.util.HashMap;
import java.util.Map;

/**
 * The trace's one namespace: resources, pipeline states and command lists share it, and
 * every name is unique in the trace (trace-format.md, "Lexical rules"). Names are defined
 * before they are used; a name being defined (an open block or command list) is
 * reserved at once so it cannot be reused or referred to before it exists.
 */
final class Names {
    /** What a name stands for while its block or list is still open. */
    private record Pending(String kind, int line) {
    }

    private final Map<String, Object> table = new HashMap<>();
    private final Args args;

    Names(Args args) {
        this.args = args;
    }

    /** Reserves {@code name} for a definition on the current line. */
    void reserve(String name, String kind, int line) {
        if (name.equals("null")) {
            throw args.error(Rule.BAD_NAME, "'null' is reserved (set_predication null turns predication off)");
        }
        Object old = table.get(name);
        if (old != null) {
            throw args.error(Rule.DUPLICATE_NAME, "'" + name + "' is already defined at line " + lineOf(old)
                    + " (names are unique in a trace)");
        }
        table.put(name, new Pending(kind, line));
    }

    void define(Resource r) {
        table.put(r.name(), r);
    }

    void define(CommandList l) {
        table.put(l.name(), l);
    }

    /** The resource {@code name} names, which must be of {@code kind}. */
    <R extends Resource> R resource(String name, Class<R> kind, String role) {
        return resource(name, kind, role, Rule.WRONG_RESOURCE_KIND);
    }

    /** As {@link #resource(String, Class, String)}, reporting a wrong kind as {@code kindRule}. */
    <R extends Resource> R resource(String name, Class<R> kind, String role, Rule kindRule) {
        Object o = lookup(name);
        if (!kind.isInstance(o)) {
            throw args.error(kindRule, role + " '" + name + "' is " + describe(o) + ", not " + article(kind));
        }
        return kind.cast(o);
    }

    CommandList commandList(String name) {
        Object o = lookup(name);
        if (!(o instanceof CommandList l)) {
            throw args.error(Rule.WRONG_RESOURCE_KIND, "'" + name + "' is " + describe(o) + ", not a command list");
        }
        return l;
    }

    private Object lookup(String name) {
        Object o = table.get(name);
        if (o == null) {
            throw args.error(Rule.UNDEFINED_NAME, "'" + name + "' is not defined on an earlier line");
        }
        if (o instanceof Pending p) {
            throw args.error(Rule.UNDEFINED_NAME, "'" + name + "' (the " + p.kind() + " opened at line " + p.line()
                    + ") is not complete yet");
        }
        return o;
    }

    private static int lineOf(Object o) {
        if (o instanceof Resource r) {
            return r.line();
        }
        if (o instanceof CommandList l) {
            return l.line();
        }
        return ((Pending) o).line();
    }

    static String describe(Object o) {
        String kind;
        if (o instanceof Resource.QueryHeap) {
            kind = "a query heap";
        } else if (o instanceof Resource.Buffer) {
            kind = "a buffer";
        } else if (o instanceof Resource.RenderTarget) {
            kind = "a render target";
        } else if (o instanceof Resource.DepthStencil) {
            kind = "a depth-stencil";
        } else if (o instanceof Resource.VertexBuffer) {
            kind = "a vertex buffer";
        } else if (o instanceof Resource.IndexBuffer) {
            kind = "an index buffer";
        } else if (o instanceof Resource.Pso) {
            kind = "a pipeline state";
        } else if (o instanceof Resource.Fence) {
            kind = "a fence";
        } else if (o instanceof Resource.VideoDecoderHeap) {
            kind = "a video decoder heap";
        } else if (o instanceof CommandList) {
            kind = "a command list";
        } else {
            kind = "something else";
        }
        return kind + " (line " + lineOf(o) + ")";
    }

    private static String article(Class<?> kind) {
        if (kind == Resource.QueryHeap.class) {
            return "a query heap";
        } else if (kind == Resource.Buffer.class) {
            return "a buffer";
        } else if (kind == Resource.RenderTarget.class) {
            return "a render target";
        } else if (kind == Resource.DepthStencil.class) {
            return "a depth-stencil";
        } else if (kind == Resource.VertexBuffer.class) {
            return "a vertex buffer";
        } else if (kind == Resource.IndexBuffer.class) {
            return "an index buffer";
        } else if (kind == Resource.Pso.class) {
            return "a pipeline state";
        } else if (kind == Resource.Fence.class) {
            return "a fence";
        } else if (kind == Resource.VideoDecoderHeap.class) {
            return "a video decoder heap";
        }
        return kind.getSimpleName();
    }
}
