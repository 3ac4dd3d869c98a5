import LayoutEngine

/// What the speed widget's mode is derived from (issue 16, item 2): the map view's two display
/// settings and whether the host's data currently has a speed and a speed limit. All default to
/// true, so a new map view's widget shows both readings (64 × 136), as before the settings existed.
struct SpeedWidgetInputs {
    var shouldDisplaySpeedometer = true
    var shouldDisplaySpeedLimit = true
    var speedAvailable = true
    var speedLimitAvailable = true

    /// The seed's four states: the speedometer shows when it is enabled and a speed is known, the
    /// limit when it is enabled and a limit is known.
    var mode: SpeedWidgetMode {
        switch (shouldDisplaySpeedometer && speedAvailable, shouldDisplaySpeedLimit && speedLimitAvailable) {
        case (false, false): return .none
        case (true, false): return .speedometer
        case (false, true): return .speedLimit
        case (true, true): return .both
        }
    }
}

/// The re-center button's inputs (issue 16, item 3): the setting, and whether the driver panned
/// the map away from the vehicle and has not re-centered since.
struct RecenterInputs {
    var isRecenterButtonEnabled = true
    var isMapPanned = false
    /// The seed: "if the re-center button is enabled, the logo turns into it" after a pan.
    var showsButton: Bool { isRecenterButtonEnabled && isMapPanned }
}

extension SpeedWidgetMode {
    /// Whether the mode shows the current speed (`speedometer`, `both`).
    public var showsSpeedometer: Bool { self == .speedometer || self == .both }
    /// Whether the mode shows the speed limit (`speedLimit`, `both`).
    public var showsSpeedLimit: Bool { self == .speedLimit || self == .both }
}

// MARK: - Speed widget (issue 16, item 2)

extension NavigationMapView {
    /// What the speed widget shows (docs/behaviour.md#speed-widget-and-re-center-button), derived — never set — from `shouldDisplaySpeedometer`,
    /// `shouldDisplaySpeedLimit` and the data availability fed with
    /// `setSpeedData(speedAvailable:speedLimitAvailable:)`: the speedometer shows when its setting
    /// is on and a speed is known, the limit when its setting is on and a limit is known (the
    /// seed's "speedWidget" paragraph). Default `.both` (64 × 136 pt).
    public var speedWidgetMode: SpeedWidgetMode { speedWidgetInputs.mode }

    /// Whether the speed widget may show the current speed (the SDK's
    /// `GMSMapView.shouldDisplaySpeedometer`; default true). A change resizes the widget at once,
    /// with no delegate callback (docs/behaviour.md#sdk-components: the layout adapts through constraints). A setting, not
    /// an event: allowed inside callbacks.
    public var shouldDisplaySpeedometer: Bool {
        get { speedWidgetInputs.shouldDisplaySpeedometer }
        set { speedWidgetInputs.shouldDisplaySpeedometer = newValue; applySpeedWidgetMode() }
    }

    /// Whether the speed widget may show the speed limit (the SDK's
    /// `GMSMapView.shouldDisplaySpeedLimit`; default true). Resizes the widget as
    /// `shouldDisplaySpeedometer` does.
    public var shouldDisplaySpeedLimit: Bool {
        get { speedWidgetInputs.shouldDisplaySpeedLimit }
        set { speedWidgetInputs.shouldDisplaySpeedLimit = newValue; applySpeedWidgetMode() }
    }

    /// Whether the host's data currently has the vehicle's speed (default true).
    public var isSpeedAvailable: Bool { speedWidgetInputs.speedAvailable }
    /// Whether the host's data currently has the road's speed limit (default true).
    public var isSpeedLimitAvailable: Bool { speedWidgetInputs.speedLimitAvailable }

    /// Feeds what the navigation data currently knows (issue 16): whether there is a current
    /// speed and whether there is a speed limit. The widget's mode and size follow at once, with no
    /// delegate callback (docs/behaviour.md#sdk-components: "state changes at run time from data"). An event (the SDK's
    /// data arriving), like `panMap()`.
    /// - Throws: `reentrant` from inside a callback, `invalidState` on an invalidated map view;
    ///   nothing changes then.
    public func setSpeedData(speedAvailable: Bool, speedLimitAvailable: Bool) throws {
        try checkNotInCallback("setSpeedData")
        beginEvent()
        defer { endEvent() }
        speedWidgetInputs.speedAvailable = speedAvailable
        speedWidgetInputs.speedLimitAvailable = speedLimitAvailable
        applySpeedWidgetMode()
    }

    /// Before issue 16 this set the mode directly. The mode is now derived, so this is a shorthand
    /// for `setSpeedData(speedAvailable: mode.showsSpeedometer, speedLimitAvailable:
    /// mode.showsSpeedLimit)`: with both display settings on (the default) `speedWidgetMode`
    /// becomes `mode`, as it always did; with a setting off, that reading stays hidden.
    /// - Throws: as `setSpeedData(speedAvailable:speedLimitAvailable:)`.
    @available(*, deprecated, message: "the mode is derived: feed data with setSpeedData(speedAvailable:speedLimitAvailable:) and choose readings with shouldDisplaySpeedometer / shouldDisplaySpeedLimit")
    public func setSpeedWidgetMode(_ mode: SpeedWidgetMode) throws {
        try setSpeedData(speedAvailable: mode.showsSpeedometer, speedLimitAvailable: mode.showsSpeedLimit)
    }

    /// Gives the speed widget the size of the derived mode (docs/behaviour.md#component-sizes).
    func applySpeedWidgetMode() {
        let size = speedWidgetMode.size
        speedWidget.setFixedSize(width: size.width, height: size.height)
    }
}

// MARK: - Re-center button (issue 16, item 3)

extension NavigationMapView {
    /// Whether the logo turns into the re-center button after the driver pans the map (the SDK's
    /// `isRecenterButtonEnabled` of the map view's settings; default true). Turning it off while
    /// the button shows turns it back into the logo (72 × 32); turning it on while the map is
    /// panned shows the button (136 × 48). A setting, not an event: allowed inside callbacks.
    public var isRecenterButtonEnabled: Bool {
        get { recenterInputs.isRecenterButtonEnabled }
        set { recenterInputs.isRecenterButtonEnabled = newValue; applyLogoShape() }
    }

    /// Whether the driver has panned the map away from the vehicle and not re-centered since.
    public var isMapPanned: Bool { recenterInputs.isMapPanned }

    /// Whether the logo currently shows as the re-center button (136 × 48): the map is panned and
    /// `isRecenterButtonEnabled` is on.
    public var isShowingRecenterButton: Bool { recenterInputs.showsButton }

    /// The driver pans the map: the logo turns into the re-center button (136 × 48, docs/behaviour.md#speed-widget-and-re-center-button) when
    /// `isRecenterButtonEnabled`, otherwise it stays the logo. Valid in every navigation state
    /// (the map can be panned with navigation off too).
    /// - Throws: `reentrant` from inside a callback.
    public func panMap() throws {
        try checkNotInCallback("panMap")
        beginEvent()
        defer { endEvent() }
        recenterInputs.isMapPanned = true
        applyLogoShape()
    }

    /// The driver re-centers: the re-center button turns back into the logo (72 × 32). Valid in
    /// every navigation state.
    /// - Throws: `reentrant` from inside a callback.
    public func recenter() throws {
        try checkNotInCallback("recenter")
        beginEvent()
        defer { endEvent() }
        recenterInputs.isMapPanned = false
        applyLogoShape()
    }

    /// Gives the logo its size: 136 × 48 as the re-center button, 72 × 32 otherwise (docs/behaviour.md#speed-widget-and-re-center-button).
    private func applyLogoShape() {
        if isShowingRecenterButton {
            googleLogo.setFixedSize(width: 136, height: 48)
        } else {
            googleLogo.setFixedSize(width: 72, height: 32)
        }
    }
}
