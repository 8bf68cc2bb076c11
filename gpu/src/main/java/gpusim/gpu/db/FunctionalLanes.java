package gpusim.gpu.db;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * Runs the depth blocks' functional work on host worker threads: one lane per DB, whose
 * jobs run strictly in submission order, lanes in parallel. A DB's core touches only its
 * own tiles, so results do not depend on how lanes interleave; the clocked components
 * wait for a job's result only when their cycle to use it comes. With one thread, jobs
 * run at once on the caller's thread. With more, jobs still run inline for the first
 * {@code sim.threads_after_ms} of a run (a short run is over before worker threads and
 * their warm-up would pay off; measured in docs/performance.md), then on the workers.
 */
public final class FunctionalLanes implements AutoCloseable {
    private static final CompletableFuture<Void> DONE = CompletableFuture.completedFuture(null);
    private final int threads;
    private final long inlineNanos;
    private final long start = System.nanoTime();
    private ExecutorService pool;
    private final CompletableFuture<?>[] tail;

    /**
     * @param threads worker threads; 1 runs every job inline on the caller's thread
     * @param inlineNanos host time to run jobs inline before starting the workers
     */
    public FunctionalLanes(int lanes, int threads, long inlineNanos) {
        this.tail = new CompletableFuture<?>[lanes];
        java.util.Arrays.fill(tail, DONE);
        this.threads = threads;
        this.inlineNanos = inlineNanos;
    }

    /** Queues {@code job} on lane {@code lane}, after every job queued there before it. */
    public CompletableFuture<Void> submit(int lane, Runnable job) {
        if (pool == null) {
            if (threads <= 1 || System.nanoTime() - start < inlineNanos) {
                job.run();
                return DONE;
            }
            // Every job so far ran inline and is done, so the lanes can move to threads here.
            pool = Executors.newFixedThreadPool(threads, r -> {
                Thread t = new Thread(r, "gpusim-db-worker");
                t.setDaemon(true);
                return t;
            });
        }
        CompletableFuture<Void> f = tail[lane].thenRunAsync(job, pool);
        tail[lane] = f;
        return f;
    }

    /** Waits for a job; a failure inside it is rethrown here. */
    public static void await(CompletableFuture<Void> job) {
        try {
            job.join();
        } catch (CompletionException e) {
            Throwable c = e.getCause();
            if (c instanceof RuntimeException r) {
                throw r;
            }
            if (c instanceof Error err) {
                throw err;
            }
            throw e;
        }
    }

    @Override
    public void close() {
        if (pool != null) {
            pool.shutdownNow();
        }
    }
}
