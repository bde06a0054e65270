// A spread pass's mode (0 to 7) as a specialisation constant, kMode, instead of the push's `mode`:
// a CPU driver such as lavapipe runs both sides of every branch, even on a push constant, so a
// pass branching on its mode paid for all its modes' work in each. SpreadSolver makes a variant
// for each mode a pass runs (SpreadSolver::moded).
layout(constant_id = LFX_SPREAD_MODE_BIT0_CONSTANT) const bool kModeBit0 = false;
layout(constant_id = LFX_SPREAD_MODE_BIT1_CONSTANT) const bool kModeBit1 = false;
layout(constant_id = LFX_SPREAD_MODE_BIT2_CONSTANT) const bool kModeBit2 = false;
const uint kMode = (kModeBit0 ? 1u : 0u) | (kModeBit1 ? 2u : 0u) | (kModeBit2 ? 4u : 0u);
