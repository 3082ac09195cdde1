/// One absolute axis as the kernel describes it (`struct input_absinfo`).
public struct AbsInfo: Hashable, Sendable {
    /// The axis's current value.
    public var value: Int32
    /// The smallest value the axis reports.
    public var minimum: Int32
    /// The largest value the axis reports.
    public var maximum: Int32
    /// Noise the kernel filters out, in axis units.
    public var fuzz: Int32
    /// A dead zone around the centre, in axis units (joysticks).
    public var flat: Int32
    /// Units per millimetre for position axes, units per radian for orientation,
    /// units per g for accelerometer axes; 0 when the device does not say.
    public var resolution: Int32

    /// An axis's range and resolution, as `EVIOCGABS` gives them.
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
    /// `BUS_*`: how the device is attached (USB, I2C, virtual...).
    public var bustype: UInt16
    /// The vendor id.
    public var vendor: UInt16
    /// The product id.
    public var product: UInt16
    /// The version.
    public var version: UInt16

    /// A device's `input_id`.
    public init(bustype: UInt16, vendor: UInt16, product: UInt16, version: UInt16) {
        self.bustype = bustype; self.vendor = vendor; self.product = product; self.version = version
    }
}
