// Progress of long computations inside the library (baking a big mesh's fill table), reported
// to a hook the host installs: the CLI draws a bar, a viewer a spinner, an engine its loading
// screen. Without a hook nothing is reported.
#pragma once

#include <functional>
#include <string_view>

namespace lfx {

/// Called with the task ("fill table of bottle.obj") and the share done, 0 .. 1; 1 exactly once
/// when the task ends. May be called from worker threads (calls are serialised).
using ProgressHook = std::function<void(std::string_view task, double done)>;

/// Installs the hook (thread-safe); an empty function removes it.
void set_progress_hook(ProgressHook hook);

/// Reports progress of a task to the hook, if any.
void report_progress(std::string_view task, double done);

}  // namespace lfx
