// A profile page's three pictures (score and par, the histogram, the streak calendar), drawn
// from the profile the server wrote into the page (json_script): the tables are the server's.
import { scoreBars, scoreLine, streakCalendar } from "./charts.js";
import { $ } from "./dom.js";

const data = JSON.parse($("#profile-charts").textContent);
if (data.history.length) $("[data-chart-scores]").replaceChildren(scoreLine(data.history));
if (data.histogram.length) $("[data-chart-histogram]").replaceChildren(scoreBars(data.histogram, data.average));
$("[data-chart-streak]").replaceChildren(streakCalendar(data.history, data.today, data.current_streak));
