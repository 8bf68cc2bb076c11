package gpusim.memory;

/**
 * How a {@link MemoryChannel} serves its queue: one policy a channel, chosen once. Three exist, each the
 * channel's inner class: serving a part a tick when the channel is free ({@code Ticked}); handing parts
 * to the DRAM controller behind the channel as it has room ({@code DramFed}, gem5's
 * {@code MemCtrl} front end, src/mem/mem_ctrl.cc); and serving each part when it is taken, its service
 * cycle decided on arrival, so that the channel wakes only at the completions that matter
 * ({@code Scheduled}: an event-driven queue, as gem5's controller schedules its next request event
 * rather than ticking; a merge that changes a waiting part's service moves the parts after it). Every
 * channel without DRAM is scheduled unless a timeline hook watches (it wants a span per part served, at
 * its cycle): then it serves a part a tick, the reference the scheduled channel is tested against.
 */
interface ChannelService {
    /** The channel's tick at cycle {@code now}: returns whether it made progress (see Component#tick). */
    boolean tick(long now);

    /** Whether a part is served when the channel takes it (its service cycle fixed then), not at a tick. */
    boolean servesOnArrival();
}
