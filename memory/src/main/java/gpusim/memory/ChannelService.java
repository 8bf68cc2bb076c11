package gpusim.memory;

/**
 * How a {@link MemoryChannel} serves its queue: one policy a channel, chosen once. Three exist, each the
 * channel's inner class: serving a part a tick when the channel is free ({@code Ticked}); handing parts
 * to the DRAM controller behind the channel as it has room ({@code DramFed}, gem5's
 * {@code MemCtrl} front end, src/mem/mem_ctrl.cc); and serving each part when it is taken, its service
 * cycle fixed on arrival, so that the channel wakes only at the completions that matter
 * ({@code Scheduled}: an event-driven queue, as gem5's controller schedules its next request event
 * rather than ticking). Scheduling needs a part's service time known on arrival (no DRAM, and write
 * combining unable to change a part's length once queued) and no timeline hook (which wants a span
 * per part served, at its cycle).
 */
interface ChannelService {
    /** The channel's tick at cycle {@code now}: returns whether it made progress (see Component#tick). */
    boolean tick(long now);

    /** Whether a part is served when the channel takes it (its service cycle fixed then), not at a tick. */
    boolean servesOnArrival();
}
