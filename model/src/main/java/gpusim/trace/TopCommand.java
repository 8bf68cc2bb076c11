package gpusim.trace;

import gpusim.api.CommandListType;
import java.util.List;

/** A top-level submission or output command of a trace, in trace order. */
public sealed interface TopCommand {
    int line();

    /** ExecuteCommandLists on {@code queue}. */
    record Execute(List<CommandList> lists, CommandListType queue, int line) implements TopCommand {
    }

    /**
     * ID3D12CommandQueue::Signal on {@code queue}: once the queue has completed all work
     * submitted to it before, the fence takes {@code value}.
     */
    record Signal(Resource.Fence fence, long value, CommandListType queue, int line) implements TopCommand {
    }

    /**
     * ID3D12CommandQueue::Wait on {@code queue}: the queue runs nothing submitted after this
     * until the fence's value is at least {@code value}.
     */
    record Wait(Resource.Fence fence, long value, CommandListType queue, int line) implements TopCommand {
    }

    /** The CPU waits until every queue is idle. */
    record WaitIdle(int line) implements TopCommand {
    }

    /** Report {@code count} u64 words of {@code buffer} from byte {@code offset}, after all submitted work. */
    record Dump(Resource.Buffer buffer, long offset, long count, int line) implements TopCommand {
    }
}
