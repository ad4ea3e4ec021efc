/// Scaling main-thread costs to another device: costs measured on one device
/// (`costs.measuredOn`) run on another (`device.profile`) multiplied by the ratio of their
/// single-core CPU speeds, cpu(measuredOn) / cpu(profile) (`DeviceProfile.costScale`).
///
/// Scaled: every main-thread millisecond of the configuration — each view type's `initMs`,
/// `bodyMs`, `layoutMs`, `renderMs` and `appearMs` (numbers and distributions alike, for list,
/// header, nested-row item types), `device.frameOverheadMs`, `device.inputMs`, and the masonry
/// distribution's `distributeMsPerItem`. Not scaled: render-server costs (`renderServerMs`,
/// `effectMs`: another process, and the GPU), async-content and page latencies (network and
/// disk), and `prefetch.marginMs` (a reserve of the frame budget, not work).
extension SimulationConfig {
    /// This configuration with every main-thread cost multiplied by `factor`.
    public func scalingMainThreadCosts(by factor: Double) -> SimulationConfig {
        var config = self
        config.device.frameOverheadMs *= factor
        config.device.inputMs *= factor
        config.stack.masonry.distributeMsPerItem *= factor
        config.content.types = content.types.map { $0.scalingMainThreadCosts(by: factor) }
        if let header = content.sections?.header {
            config.content.sections?.header = header.scalingMainThreadCosts(by: factor)
        }
        return config
    }
}

extension ViewTypeSpec {
    /// This type with its main-thread costs (and its nested row's item types') multiplied by
    /// `factor`.
    public func scalingMainThreadCosts(by factor: Double) -> ViewTypeSpec {
        var type = self
        for phase in CostPhase.mainThread {
            type.costs[phase] *= factor
            type.costDistributions[phase] = costDistributions[phase]?.scaled(by: factor)
        }
        if let items = row?.itemTypes {
            type.row?.itemTypes = items.map { $0.scalingMainThreadCosts(by: factor) }
        }
        return type
    }
}
