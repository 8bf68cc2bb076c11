package gpusim.gpu.cp;

import gpusim.gpu.Resources;
import gpusim.gpu.query.QueryResolver;
import gpusim.gpu.query.QueryState;
import gpusim.sim.Stat;
import gpusim.trace.Command;

/**
 * The resolve unit: ResolveQueryData. It reads the range's query slots and, like a
 * WAIT_REG_MEM packet, re-reads every {@code cp.poll_cycles} (from the first query not yet
 * complete on) until every end word of every ended query carries its written bit; then it
 * computes the results ({@link QueryResolver}) and writes them to the destination buffer.
 */
final class ResolveUnit implements CommandUnit<Command.ResolveQueryData> {
    @Override public gpusim.sim.MemoryClient memoryClient() { return gpusim.sim.MemoryClient.RESOLVE; }
    /** The next step of a resolve. */
    private sealed interface Step permits Read, Check, Written {
    }

    /** Read the slots from query {@code from} of the range on (all of them the first time). */
    private record Read(int from) implements Step {
    }

    /** The read from {@code from} on has landed: check it, and poll again or write the results. */
    private record Check(int from) implements Step {
    }

    /** The results are being written. */
    private record Written() implements Step {
    }

    private final EngineServices engine;
    private final Resources res;
    private final QueryResolver resolver;
    private final Stat.Scalar polls;
    /** The cp.resolve_* keys: the engine's own time for a resolve, by the path its query count takes. */
    private final gpusim.gpu.PipelineParams.QueryCosts costs;

    private Command.ResolveQueryData resolve;
    private Step step;
    /** The range's slots as read so far. */
    private byte[] data;

    ResolveUnit(EngineServices engine, Resources res, Stat.Scalar polls, gpusim.gpu.PipelineParams.QueryCosts costs) {
        this.costs = costs;
        this.engine = engine;
        this.res = res;
        this.resolver = new QueryResolver(res.queryKinds());
        this.polls = polls;
    }

    @Override
    public void start(Command.ResolveQueryData c) {
        resolve = c;
        step = new Read(0);
        data = null;
    }

    @Override
    public boolean step(long now) {
        Command.ResolveQueryData q = resolve;
        int slotBytes = (int) res.queryKind(q.heap()).slotBytes();
        if (step instanceof Read r) {
            if (data == null) {
                data = new byte[slotBytes * q.count()];
            }
            long at = res.querySlot(q.heap(), q.start()) + (long) r.from() * slotBytes;
            int bytes = slotBytes * (q.count() - r.from());
            if (engine.polling()) {
                engine.reRead(at, bytes); // timed, but no progress of its own
            } else {
                engine.read(at, bytes);
            }
            step = new Check(r.from());
            return false;
        }
        if (step instanceof Check c) {
            System.arraycopy(engine.lastRead().data(), 0, data, c.from() * slotBytes, engine.lastRead().size());
            QueryState st = res.queryState(q.heap());
            int pending = resolver.firstPending(q.heap().type(), st, q.start(), q.count(), data, c.from());
            if (pending < q.count()) {
                // A counter has not landed yet: like WAIT_REG_MEM, read again later, from that query on.
                polls.inc();
                engine.pollAgain(now, engine.polling() && pending == c.from());
                step = new Read(pending);
                return false;
            }
            QueryResolver.Result r = resolver.resolve(q.type(), q.heap().type(), st, q.start(), q.count(), data);
            engine.write(res.address(q.buffer()) + q.offset(), r.words());
            if (engine.traced()) {
                engine.event("resolve_query_data " + q.heap().name() + "[" + q.start() + ".."
                        + (q.start() + q.count() - 1) + "]", now);
            }
            engine.pollDone();
            data = null;
            step = new Written();
            return false;
        }
        return true;
    }

    /**
     * The resolve's own time once its results are written, beyond its memory traffic: the launch and
     * per-query cost of the path its query count takes ({@link gpusim.gpu.PipelineParams.QueryCosts#resolvePath}).
     * Mesa's nvk (src/nouveau/vulkan/nvk_query_pool.c) has two ways to copy query results: an MME
     * macro that reads each query's reports through the MME data FIFO and stores the difference, one
     * query after another (nvk_mme_copy_queries), and a compute pass, one thread a query in
     * workgroups of 32 (nvk_meta_copy_query_pool_results), behind one semaphore acquire a query for
     * VK_QUERY_RESULT_WAIT_BIT (nvk_CmdCopyQueryPoolResults). An H100 resolves 1-8 queries at about
     * 525 ns a query, 16-256 at 36 ns a query after 4.5 us and 512-4096 at 15 ns a query after 9.6 us
     * (data/replay/h100/mechanisms), hence the front-end path, the compute copy's small form and the
     * compute copy.
     */
    @Override
    public long afterCycles() {
        return costs.resolve(resolve.count());
    }

    @Override
    public String describe() {
        if (step instanceof Read r) {
            return "resolve_query_data: to read the query counters from index " + r.from() + " of its range";
        } else if (step instanceof Check c) {
            return "resolve_query_data: reading the query counters from index " + c.from() + " of its range";
        }
        return "resolve_query_data: writing the results";
    }
}
