/**
 * The command processor ({@code cp}): the queue engines that run a trace's submissions, one per
 * command queue (D3D12_COMMAND_LIST_TYPE DIRECT, COMPUTE, COPY, VIDEO_DECODE), each handing a
 * command to the unit that executes its kind. The CPU side that feeds the queues and the fences
 * between them are here too, since they decide when each engine may run.
 *
 * <ul>
 *   <li>{@link CommandProcessor}: a queue engine; {@link CommandUnit} and {@link EngineServices}:
 *       the seam between it and its units; {@link EngineStats}: its statistics;
 *   <li>the units: {@link BoundState} (the set_* state), {@link DrawUnit} (with
 *       {@link BinaryEarlyOut}), {@link DispatchUnit}, {@link ClearUnit}, {@link BarrierUnit},
 *       {@link CopyUnit}, {@link QueryUnit}, {@link TimestampUnit}, {@link WriteQueryUnit},
 *       {@link ResolveUnit}, {@link PredicationUnit}, {@link StreamOutTargetsUnit},
 *       {@link DecodeUnit};
 *   <li>{@link Host}: the CPU walking the submissions; {@link FenceTable}: ID3D12Fence values;
 *       {@link HostRelease}: the cache flush before the CPU reads.
 * </ul>
 *
 * <p>Sources: the D3D12 documentation of ID3D12CommandQueue and ID3D12GraphicsCommandList; AMD's
 * PM4 packets as radeonsi emits them ({@code si_cp_dma.c} for CP DMA, {@code WAIT_REG_MEM},
 * {@code EVENT_WRITE_EOP}).
 */
package gpusim.gpu.cp;
