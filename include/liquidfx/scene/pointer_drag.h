// lfx::scene::PointerDrag: the one state machine of the effects that take the pointer. A left
// press the effect accepts starts a drag; drags while the button is held move it; the release
// ends it. The effect says what each phase does; the wheel and other buttons are its own.
#pragma once

#include <functional>

#include "liquidfx/scene/effect.h"

namespace lfx::scene {

class PointerDrag {
 public:
  struct Phases {
    std::function<bool(const InputEvent&)> start;  ///< A left press: whether the effect takes it.
    std::function<void(const InputEvent&)> move;   ///< A drag with the button held.
    std::function<void(const InputEvent&)> end;    ///< The release.
  };

  /// Runs a press, drag or release through the drag; whether the effect took it.
  bool handle(const InputEvent& e, const Phases& phases);

 private:
  bool active_ = false;  // a press was taken and not released yet
};

}  // namespace lfx::scene
