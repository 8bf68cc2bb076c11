package gpusim.replay;

/**
 * The device a replay ran on, as its driver describes it: the report records it beside the
 * results, so a measurement says where it was made.
 *
 * @param name                 VkPhysicalDeviceProperties::deviceName
 * @param type                 the device type (discrete, integrated, virtual, cpu, other)
 * @param vendorId             PCI vendor id (0x10de NVIDIA, 0x1002 AMD, 0x10005 Mesa's software devices)
 * @param driverName           VkPhysicalDeviceDriverProperties::driverName
 * @param driverInfo           VkPhysicalDeviceDriverProperties::driverInfo (NVIDIA: the driver version)
 * @param driverVersion        VkPhysicalDeviceProperties::driverVersion, vendor-encoded
 * @param apiVersion           the Vulkan version the device supports, as "1.3.230"
 * @param timestampPeriodNs    nanoseconds per timestamp tick (VkPhysicalDeviceLimits::timestampPeriod)
 * @param timestampValidBits   the valid bits of a timestamp on the queue used
 */
public record DeviceInfo(String name, String type, int vendorId, String driverName, String driverInfo,
                         long driverVersion, String apiVersion, double timestampPeriodNs, int timestampValidBits) {
}
