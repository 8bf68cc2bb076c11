package gpusim.harness;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.IOException;

/**
 * The fuzz target: any bytes, as a trace file, through read, validate, simulate and report,
 * must keep {@link TraceContract}. A plain {@code mvn verify} runs it on the seed corpus in
 * {@code src/test/resources/gpusim/harness/TraceFuzzTestInputs} (regression mode); with
 * {@code JAZZER_FUZZ=1} Jazzer mutates the corpus, guided by coverage of every gpusim class
 * (docs/fuzzing.md: the short CI run and the long run).
 */
class TraceFuzzTest {
    @FuzzTest(maxDuration = "30s")
    void readValidateSimulateReport(byte[] trace) throws IOException {
        TraceContract.check(trace);
    }
}
