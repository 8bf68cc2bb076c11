package gpusim.memory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import gpusim.sim.MemoryClient;
import gpusim.sim.Stat;
import org.junit.jupiter.api.Test;

/** A channel's statistics by hand. */
class ChannelStatsTest {
    static long value(ChannelStats st, String name) {
        return ((Stat.Scalar) st.group.find(name)).get();
    }

    static double formula(ChannelStats st, String name) {
        return st.group.find(name).value().doubleValue();
    }

    // A burst of 4 parts waiting 3, 4, 5, 6 cycles counts as the 4 parts one by one: total 18, longest 6,
    // median 4 (nearest rank 2 of 4), p95 6; with one more part of 10: total 28, mean 5.6.
    @Test
    void aBurstsDelaysAreItsPartsDelays() {
        ChannelStats st = new ChannelStats(2);
        st.waitedRun(3, 4);
        assertEquals(18, value(st, "queue_delay_total"));
        assertEquals(6, value(st, "queue_delay_max"));
        assertEquals(4.0, formula(st, "queue_delay_p50"));
        assertEquals(6.0, formula(st, "queue_delay_p95"));
        st.waited(10);
        assertEquals(28, value(st, "queue_delay_total"));
        assertEquals(5.6, formula(st, "queue_delay_mean"), 1e-12);
        assertEquals(10, value(st, "queue_delay_max"));
    }

    // Parts waiting 1, 2 and 5000 cycles (5000: past the dense histogram), then the 2 put back by 3 and the
    // 5000 by 10 (a merge lengthened a part before them): as if they had waited 1, 5 and 5010 from the start,
    // total 5016, longest 5010, median 5; the 1 put back to 9000 makes the median 5010 (rank 2 of 5, 5010, 9000).
    @Test
    void aPartPutBackWaitsLonger() {
        ChannelStats st = new ChannelStats(0);
        st.waited(1);
        st.waited(2);
        st.waited(5000);
        st.waitedLonger(2, 3);
        st.waitedLonger(5000, 10);
        assertEquals(5016, value(st, "queue_delay_total"));
        assertEquals(5010, value(st, "queue_delay_max"));
        assertEquals(5.0, formula(st, "queue_delay_p50"));
        assertEquals(5010.0, formula(st, "queue_delay_p95"));
        st.waitedLonger(1, 8999);
        assertEquals(5010.0, formula(st, "queue_delay_p50"));
        assertEquals(9000, value(st, "queue_delay_max"));
        assertEquals(14015 / 3.0, formula(st, "queue_delay_mean"), 1e-9); // still three parts
    }

    // Bytes count in all and for their client, whose statistic appears with its first bytes; parts by direction.
    @Test
    void bytesCountByClientAndPartsByDirection() {
        ChannelStats st = new ChannelStats(0);
        assertNull(st.group.find("bytes_depth"));
        st.moved(MemoryClient.DEPTH, 256);
        st.moved(MemoryClient.COLOR, 64);
        st.moved(MemoryClient.DEPTH, 8);
        assertEquals(328, value(st, "bytes"));
        assertEquals(264, value(st, "bytes_depth"));
        assertEquals(64, value(st, "bytes_color"));
        st.arrived(4, false);
        st.arrived(1, true);
        assertEquals(5, value(st, "requests"));
        assertEquals(4, value(st, "reads"));
        assertEquals(1, value(st, "writes"));
        st.busy.add(8);
        assertEquals(41.0, formula(st, "bytes_per_busy_cycle"));
    }
}
