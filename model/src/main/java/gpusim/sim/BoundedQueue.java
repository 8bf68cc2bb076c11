package gpusim.sim;

/**
 * A bounded FIFO between two components, with a capacity and a latency. An item pushed at
 * cycle t can be popped from cycle t + latency on. A push wakes the consumer at that
 * cycle; a pop from a full queue wakes the producer, whose push was refused
 * (back-pressure). The queue counts pushes, refusals (cycles the producer found it full),
 * its peak occupancy and a time-weighted histogram of its occupancy: the cycles it spent
 * holding each number of items (those crossing included), updated only when a push or pop
 * changes the occupancy, with the cycles since the last change.
 */
public final class BoundedQueue<T> {
    private final Engine engine;
    private final String name;
    private final int capacity;
    private final int latency;
    private int producer = -1;
    private int consumer = -1;
    private Component consumerComponent;
    private final Object[] items;
    private final long[] readyAt;
    private int head;
    private int size;
    private boolean producerBlocked;
    private long pushes;
    private long refusals;
    private int peak;
    private final Stat.Histogram occupancy;
    /** The cycle the occupancy last changed (the start of the span {@link #occupancy} has not yet counted). */
    private long lastChange;

    BoundedQueue(Engine engine, String name, int capacity, int latency) {
        if (capacity < 1) {
            throw new IllegalArgumentException("queue " + name + ": capacity must be at least 1");
        }
        if (latency < 1) {
            throw new IllegalArgumentException("queue " + name + ": latency must be at least 1 cycle");
        }
        this.engine = engine;
        this.name = name;
        this.capacity = capacity;
        this.latency = latency;
        this.items = new Object[capacity];
        this.readyAt = new long[capacity];
        this.occupancy = Stat.Histogram.forRange("occupancy", "items", "cycles",
                "items in the queue (those still crossing included) over the run: the mean, "
                        + "weighted by cycles, and the cycles at each occupancy", capacity);
    }

    /** Names the components at the two ends, which must be registered with the engine. */
    public BoundedQueue<T> connect(Component producer, Component consumer) {
        this.producer = engine.index(producer);
        this.consumer = engine.index(consumer);
        this.consumerComponent = consumer;
        return this;
    }

    public String name() {
        return name;
    }

    public int capacity() {
        return capacity;
    }

    public int latency() {
        return latency;
    }

    public int size() {
        return size;
    }

    public boolean isEmpty() {
        return size == 0;
    }

    public boolean isFull() {
        return size == capacity;
    }

    /** Offers an item at cycle {@code now}; false (and the producer is woken later) if the queue is full. */
    public boolean push(T item, long now) {
        return push(item, now, 0);
    }

    /**
     * Offers an item at cycle {@code now} that arrives {@code delay} cycles later than the
     * queue's own latency: the rest of a pipelined producer's latency (Akita's pipelining: the
     * producer is free again after its initiation interval while the item is still on its
     * way). The item holds its place in the queue, and in its capacity, while in flight.
     */
    public boolean push(T item, long now, long delay) {
        if (size == capacity) {
            producerBlocked = true;
            refusals++;
            return false;
        }
        occupied(now);
        int tail = (head + size) % capacity;
        items[tail] = item;
        readyAt[tail] = now + latency + delay;
        size++;
        pushes++;
        if (engine.hook() != null) {
            engine.hook().counter(name, now, size);
        }
        if (size > peak) {
            peak = size;
        }
        long arrives = now + latency + delay;
        if (!consumerComponent.busyBeyond(arrives)) {
            engine.wake(consumer, arrives);
        }
        return true;
    }

    /** The head item if it has arrived by {@code now}, else null. */
    @SuppressWarnings("unchecked")
    public T peek(long now) {
        if (size == 0) {
            return null;
        }
        if (readyAt[head] > now) {
            // The consumer looked too early (it was awake for another reason): make sure it
            // is woken again when the head item arrives, or the item could wait forever.
            engine.wake(consumer, readyAt[head]);
            return null;
        }
        return (T) items[head];
    }

    /**
     * The item {@code i} places behind the head (0: the head) if it has arrived by {@code now},
     * else null; nothing is removed and nobody is woken. A unit that works on its items in
     * order looks ahead with it to start their memory reads early (a prefetch window).
     */
    @SuppressWarnings("unchecked")
    public T peekArrived(int i, long now) {
        if (i < 0 || i >= size) {
            return null;
        }
        int at = (head + i) % capacity;
        return readyAt[at] <= now ? (T) items[at] : null;
    }

    /** The cycle at which the head item arrives, or {@link Engine#NEVER} if empty. */
    public long headReadyAt() {
        return size == 0 ? Engine.NEVER : readyAt[head];
    }

    /** Removes and returns the head item, which must have arrived. */
    @SuppressWarnings("unchecked")
    public T pop(long now) {
        return pop(now, false);
    }

    /**
     * Removes and returns the head item; {@code looksAgain}: the consumer is taking it to work
     * on and will look at the queue again when it is done (a pipeline stage), so the next
     * item need not wake it (that tick would find it busy).
     */
    @SuppressWarnings("unchecked")
    public T pop(long now, boolean looksAgain) {
        if (size == 0 || readyAt[head] > now) {
            throw new IllegalStateException("queue " + name + ": nothing has arrived at cycle " + now);
        }
        occupied(now);
        T item = (T) items[head];
        items[head] = null;
        head = (head + 1) % capacity;
        size--;
        if (engine.hook() != null) {
            engine.hook().counter(name, now, size);
        }
        if (producerBlocked) {
            producerBlocked = false;
            engine.wake(producer, now);
        }
        if (size > 0 && !looksAgain && !consumerComponent.busyBeyond(readyAt[head])) {
            engine.wake(consumer, readyAt[head]);
        }
        return item;
    }

    /** Counts the cycles since the last change at the occupancy the queue had through them. */
    private void occupied(long now) {
        long cycles = now - lastChange;
        if (cycles > 0) {
            occupancy.sample(size, cycles);
            lastChange = now;
        }
    }

    /**
     * The occupancy histogram, with the span from the last change to {@code end} (the run's
     * last cycle) counted at the occupancy the queue was left with.
     */
    public Stat.Histogram occupancy(long end) {
        occupied(end);
        return occupancy;
    }

    public long pushes() {
        return pushes;
    }

    public long refusals() {
        return refusals;
    }

    public int peak() {
        return peak;
    }
}
