/// One absolute axis as the kernel describes it (`struct input_absinfo`).
public struct AbsInfo: Hashable, Sendable {
    public var value: Int32
    public var minimum: Int32
    public var maximum: Int32
    public var fuzz: Int32
    public var flat: Int32
    /// Units per millimetre for position axes, units per radian for orientation,
    /// units per g for accelerometer axes; 0 when the device does not say.
    public var resolution: Int32

    public init(
        value: Int32 = 0, minimum: Int32, maximum: Int32,
        fuzz: Int32 = 0, flat: Int32 = 0, resolution: Int32 = 0
    ) {
        self.value = value; self.minimum = minimum; self.maximum = maximum
        self.fuzz = fuzz; self.flat = flat; self.resolution = resolution
    }

    /// `maximum - minimum`, never below 1, so it is safe to divide by.
    @inlinable public var span: Double { Swift.max(1, Double(maximum) - Double(minimum)) }
}

/// `struct input_id`: bus type, vendor, product and version.
public struct InputID: Hashable, Sendable {
    public var bustype: UInt16
    public var vendor: UInt16
    public var product: UInt16
    public var version: UInt16

    public init(bustype: UInt16, vendor: UInt16, product: UInt16, version: UInt16) {
        self.bustype = bustype; self.vendor = vendor; self.product = product; self.version = version
    }
}
