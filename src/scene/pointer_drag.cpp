#include "liquidfx/scene/pointer_drag.h"

namespace lfx::scene {

bool PointerDrag::handle(const InputEvent& e, const Phases& phases) {
  switch (e.kind) {
    case InputKind::press:
      if (e.button != PointerButton::left) return false;
      active_ = phases.start(e);
      return active_;
    case InputKind::drag:
      if (!active_ || !e.held) return false;
      if (phases.move) phases.move(e);
      return true;
    case InputKind::release:
      if (!active_) return false;
      active_ = false;
      if (phases.end) phases.end(e);
      return true;
    case InputKind::wheel:
      return false;
  }
  return false;
}

}  // namespace lfx::scene
