#include "svg_plot.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace lfx::cli {
namespace {

constexpr double kWidth = 900, kHeight = 360, kLeft = 60, kRight = 60, kTop = 40, kBottom = 45;

std::string fmt(const char* format, double a, double b = 0, double c = 0, double d = 0) {
  char buffer[256];
  std::snprintf(buffer, sizeof buffer, format, a, b, c, d);
  return buffer;
}

// A "nice" step (1, 2 or 5 times a power of ten) giving about `ticks` ticks over `range`.
double nice_step(double range, int ticks) {
  const double raw = range / ticks;
  const double power = std::pow(10.0, std::floor(std::log10(raw)));
  for (double m : {1.0, 2.0, 5.0, 10.0})
    if (m * power >= raw) return m * power;
  return 10.0 * power;
}

}  // namespace

std::string trace_svg(const std::vector<TraceRow>& rows, const std::string& title) {
  const double t0 = rows.empty() ? 0.0 : rows.front().time;
  const double t1 = rows.empty() ? 1.0 : std::max(rows.back().time, t0 + 1e-6);
  double tilt_max = 1.0;
  for (const TraceRow& r : rows) tilt_max = std::max(tilt_max, double(r.tilt_degrees));
  const double tilt_step = nice_step(tilt_max, 5);
  tilt_max = std::ceil(tilt_max / tilt_step) * tilt_step;
  const double w = kWidth - kLeft - kRight, h = kHeight - kTop - kBottom;
  auto x_of = [&](double t) { return kLeft + w * (t - t0) / (t1 - t0); };
  auto y_tilt = [&](double v) { return kTop + h * (1.0 - v / tilt_max); };
  auto y_agitation = [&](double v) { return kTop + h * (1.0 - v); };

  std::string svg =
      fmt("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" ", kWidth, kHeight) +
      "font-family=\"sans-serif\" font-size=\"12\">\n<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n";
  svg += "<text x=\"" + fmt("%.0f", kLeft) + "\" y=\"24\" font-size=\"15\">" + title + "</text>\n";
  // Grid and axes.
  const double time_step = nice_step(t1 - t0, 8);
  for (double t = std::ceil(t0 / time_step) * time_step; t <= t1 + 1e-9; t += time_step) {
    svg += fmt("<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#e4e4e4\"/>\n", x_of(t), kTop, x_of(t),
               kTop + h);
    svg += fmt("<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">%g</text>\n", x_of(t), kTop + h + 16, t);
  }
  for (double v = 0.0; v <= tilt_max + 1e-9; v += tilt_step) {
    svg += fmt("<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#e4e4e4\"/>\n", kLeft, y_tilt(v),
               kLeft + w, y_tilt(v));
    svg += fmt("<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\" fill=\"#1f5fa8\">%g</text>\n", kLeft - 6, y_tilt(v) + 4,
               v);
  }
  for (double v = 0.0; v <= 1.0001; v += 0.25)
    svg += fmt("<text x=\"%.1f\" y=\"%.1f\" fill=\"#c0561c\">%g</text>\n", kLeft + w + 6, y_agitation(v) + 4, v);
  svg += fmt("<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"none\" stroke=\"#888\"/>\n", kLeft,
             kTop, w, h);
  svg += fmt("<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">time (s)</text>\n", kLeft + w / 2, kHeight - 8);
  svg +=
      fmt("<text x=\"14\" y=\"%.1f\" fill=\"#1f5fa8\" transform=\"rotate(-90 14 %.1f)\" text-anchor=\"middle\">surface "
          "tilt (deg)</text>\n",
          kTop + h / 2, kTop + h / 2);
  svg +=
      fmt("<text x=\"%.1f\" y=\"%.1f\" fill=\"#c0561c\" transform=\"rotate(90 %.1f %.1f)\" "
          "text-anchor=\"middle\">agitation</text>\n",
          kWidth - 12, kTop + h / 2, kWidth - 12, kTop + h / 2);
  // The two curves.
  std::string tilt, agitation;
  for (const TraceRow& r : rows) {
    tilt += fmt("%.1f,%.1f ", x_of(r.time), y_tilt(r.tilt_degrees));
    agitation += fmt("%.1f,%.1f ", x_of(r.time), y_agitation(r.agitation));
  }
  svg += "<polyline fill=\"none\" stroke=\"#c0561c\" stroke-width=\"1.5\" points=\"" + agitation + "\"/>\n";
  svg += "<polyline fill=\"none\" stroke=\"#1f5fa8\" stroke-width=\"1.8\" points=\"" + tilt + "\"/>\n";
  svg += "</svg>\n";
  return svg;
}

}  // namespace lfx::cli
