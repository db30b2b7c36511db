/// Devices, orientation, layout direction and the system guides, as the engine changes them.
extension LayoutEngine {
    /// `set device = NAME` (`none`: no device; root keeps its frame). Root takes the device's
    /// screen in the session's orientation, its display scale and a root view's margins; the
    /// layout is made again, every constraint kept.
    /// - Returns: how many of an import's size-class variations changed something.
    @discardableResult
    public func setDevice(_ name: String?) throws -> Int {
        var device: Device?
        if let name {
            guard let found = Device.named(name) else {
                let near = Device.suggestions(for: name)
                let expected = near.isEmpty ? "a device `devices` lists" : "one of: " + near.joined(separator: ", ")
                throw LayoutError.invalidValue(property: "device", value: name, expected: expected)
            }
            device = found
        }
        return try perform { h in
            for id in h.setDevice(device) {
                pending.dirtyViews.insert(id)
                pending.rewrittenViews.insert(id)
            }
            startAreasAfresh(&h)
            pending.needsFullSync = true
            return try applyTraitVariations(&h)
        }
    }

    /// `set pixelRounding = on|off`: frames rounded to the display's pixels, or the solver's
    /// values as they are.
    public func setPixelRounding(_ on: Bool) throws {
        try perform { h in h.pixelRounding = on }
    }

    /// `set orientation = portrait|landscape`: the device turns; root takes its screen.
    @discardableResult
    public func setOrientation(_ orientation: Orientation) throws -> Int {
        guard hierarchy.device != nil else {
            throw LayoutError.invalidValue(property: "orientation", value: orientation.rawValue,
                                           expected: "a device to turn first (set device = \"iPhone 15\")")
        }
        return try perform { h in
            h.setOrientation(orientation)
            startAreasAfresh(&h)
            pending.needsFullSync = true
            return try applyTraitVariations(&h)
        }
    }

    /// `set layoutDirection = leftToRight|rightToLeft`: leading and trailing change sides in
    /// every view that follows the direction.
    public func setLayoutDirection(_ direction: LayoutDirection) throws {
        try perform { h in
            h.layoutDirection = direction
            pending.needsFullSync = true
        }
    }

    /// A view by name, or the system guide `OWNER.ROLE` names, made now if it was not yet.
    func itemID(named name: String, in h: inout Hierarchy) throws -> ViewID {
        if let id = h.viewID(ifNamed: name) { return id }
        if let dot = name.lastIndex(of: "."), let role = SystemGuide(word: String(name[name.index(after: dot)...])) {
            let owner = try h.viewID(named: String(name[..<dot]))
            guard h.view(owner).kind != .guide else {
                throw LayoutError.propertyNotApplicable(property: role.rawValue, view: h.view(owner).name, kind: .guide)
            }
            let id = h.makeSystemGuide(role, of: owner)
            noteNewGuide(id, in: &h)
            return id
        }
        return try h.viewID(named: name)
    }

    /// A system guide just made: its insets now (a layout before the next pass starts from
    /// them) and its constraints for the solver.
    private func noteNewGuide(_ id: ViewID, in h: inout Hierarchy) {
        applyAreas(h.areaChanges(), to: &h)
        pending.dirtyViews.insert(id)
    }

    /// Root's screen changed: safe areas and guides from root's new frame, nothing yet from the
    /// subviews' old ones (the next layout pass computes those).
    private func startAreasAfresh(_ h: inout Hierarchy) {
        applyAreas(h.areaChanges(framesKnown: false), to: &h)
    }

    /// Writes area changes and notes what the solver must take again: the views whose margin
    /// attributes moved (their constraints written anew) and the guides whose insets did.
    private func applyAreas(_ changes: [AreaChange], to h: inout Hierarchy) {
        let (rewritten, dirty) = h.apply(changes)
        pending.rewrittenViews.formUnion(rewritten)
        pending.dirtyViews.formUnion(rewritten)
        pending.dirtyViews.formUnion(dirty)
    }

    /// After a layout pass: the safe areas, margins in effect and guides' insets the new frames
    /// give, written where they moved. Returns whether anything did.
    func updateAreas() -> Bool {
        let changes = hierarchy.areaChanges()
        guard !changes.isEmpty else { return false }
        let changed: ()? = try? perform { h in applyAreas(changes, to: &h) }
        return changed != nil
    }
}
