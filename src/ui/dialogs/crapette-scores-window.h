/* crapette-scores-window.h: the Scores window, one table per game and one for named players
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define CRAPETTE_TYPE_SCORES_WINDOW (crapette_scores_window_get_type ())

G_DECLARE_FINAL_TYPE (CrapetteScoresWindow, crapette_scores_window,
                      CRAPETTE, SCORES_WINDOW, AdwWindow)

CrapetteScoresWindow *crapette_scores_window_new (GtkWindow *parent,
                                                  GSettings *settings);

G_END_DECLS
