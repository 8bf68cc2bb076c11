package gpusim.gpu.cp;

import static gpusim.gpu.cp.CpRig.MEMORY;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gpusim.api.CommandListType;
import gpusim.api.D3D11Query;
import gpusim.api.WriteQueryFlag;
import gpusim.gpu.TraceBuilder;
import gpusim.gpu.query.QueryLayout;
import gpusim.gpu.raster.TileMap;
import gpusim.gpu.work.WriteQueryMarker;
import gpusim.trace.Resource;
import org.junit.jupiter.api.Test;

/**
 * The WriteQuery unit (ID3D11DeviceContextX::WriteQuery, Xbox One XDK) through the engine's
 * ports. OCCLUSION sends a marker at which each enabled DB writes its counter; the other types
 * wait for the pipe to drain and write their value; with NO_WAIT the value is sampled as the
 * engine reaches the command and written at once (OCCLUSION: one write per enabled DB, at
 * OFFSET + db x STRIDE, gaps untouched). One tick of the timestamp is a cycle here.
 */
class WriteQueryUnitTest {
    /** Three DBs, DB 1 disabled. */
    static TileMap dbs() {
        return new TileMap(3, 8, TileMap.Pattern.CHECKERBOARD, 0b101);
    }

    // OCCLUSION: one step (1) sends the marker (arrives at 3); the list ends at 1 + C = 3. The
    // marker expects one write per enabled DB.
    @Test
    void occlusionSendsAMarkerForTheEnabledDbs() {
        TraceBuilder t = new TraceBuilder();
        Resource.Buffer b = t.buffer("b", 64);
        t.execute(t.list("l").writeQuery(D3D11Query.OCCLUSION, 4, b, 8, 16).close());
        CpRig r = new CpRig(t, CommandListType.DIRECT, dbs());
        assertEquals(3, r.run());
        var sent = r.sent();
        assertEquals(3, sent.get(0).at());
        WriteQueryMarker m = (WriteQueryMarker) sent.get(0).item();
        assertEquals(r.res.address(b) + 8, m.address());
        assertEquals(16, m.stride());
        assertEquals(4, m.counterIndex());
        assertEquals(2, m.progress().expectedWrites());
    }

    /** A draw, then WriteQuery(TIMESTAMP) with {@code flags} into word 0 of the returned rig's buffer. */
    static CpRig drawThenTimestamp(int flags, Resource.Buffer[] b) {
        TraceBuilder t = new TraceBuilder();
        b[0] = t.buffer("b", 8);
        t.execute(t.list("l").draw(3).writeQuery(D3D11Query.TIMESTAMP, 0, flags, b[0], 0, 0).close());
        return new CpRig(t, CommandListType.DIRECT, dbs(), "timestamp.frequency_hz=1000000000").drainsThePipe();
    }

    // A draw at 1 (arrives at 3), WriteQuery(TIMESTAMP) at 3 asks for the drain; the pipe empties
    // at 20, the engine sees it at 21 and writes 21 (completes at 22 + MEMORY = 44); the list ends
    // at 46.
    @Test
    void aTimestampWaitsForEarlierWork() {
        Resource.Buffer[] b = new Resource.Buffer[1];
        CpRig r = drawThenTimestamp(0, b);
        r.pipeEmptiesAt(20);
        assertEquals(22 + MEMORY + 2, r.run());
        assertEquals(21, r.word(b[0], 0));
    }

    // With NO_WAIT it is written as the engine reaches it, at 3, the draw still in the pipe
    // (completes at 4 + MEMORY = 26); the list ends at 28.
    @Test
    void aNoWaitTimestampIsTakenAtOnce() {
        Resource.Buffer[] b = new Resource.Buffer[1];
        CpRig r = drawThenTimestamp(WriteQueryFlag.NO_WAIT.bit(), b);
        assertEquals(4 + MEMORY + 2, r.run());
        assertEquals(3, r.word(b[0], 0));
        assertEquals(1, r.sent().size(), "the draw, never taken: no drain waited for it");
    }

    // OCCLUSION with NO_WAIT and SET_VALID, counter 4, offset 8, stride 16: at 1 the counters are
    // sampled (DB d's counter c reads 100 d + c here) and DB 0's written (completes at 2 + MEMORY =
    // 24); DB 1 is disabled, so at 24 DB 2's (completes at 25 + MEMORY = 47); at 47 none is left:
    // the list ends at 49. DB 1's word is not touched.
    @Test
    void noWaitOcclusionWritesEachEnabledDbsCounterInTurn() {
        TraceBuilder t = new TraceBuilder();
        Resource.Buffer b = t.buffer("b", 64);
        int flags = WriteQueryFlag.NO_WAIT.bit() | WriteQueryFlag.SET_VALID.bit();
        t.execute(t.list("l").writeQuery(D3D11Query.OCCLUSION, 4, flags, b, 8, 16).close());
        CpRig r = new CpRig(t, CommandListType.DIRECT, dbs());
        r.cp.connect((db, counter) -> 100L * db + counter);
        r.u.memory.writeLong(r.res.address(b) + 24, 0x5555);
        assertEquals(25 + MEMORY + 2, r.run());
        assertEquals(4 | QueryLayout.WRITTEN, r.word(b, 8));
        assertEquals(0x5555, r.word(b, 24), "DB 1 is disabled: its word is not written");
        assertEquals(204 | QueryLayout.WRITTEN, r.word(b, 40));
        assertEquals(1, r.event("write_query NO_WAIT"));
        assertTrue(r.sent().isEmpty(), "no marker");
    }
}
