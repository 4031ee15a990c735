/// How far negotiation may look for a table beyond a preference's own chain.
package enum NegotiationMode: Sendable, Hashable {
    /// Only tables on the preference's own CLDR chain (`en_AU` finds `en_001`, `en`, never `en_GB`).
    case strict
    /// Also tables that inherit from a level of the chain: default content and siblings
    /// (`zh` → `zh_CN`, `en_AU` → `en_GB` at level `en_001`, `pt_PT` → `pt_BR` at level `pt`).
    /// Never across a script or a language. The recommended default.
    case family
}
