/* crapette-round-summary.h: the summary after each round, with its points counted out
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "crapette-match.h"

G_BEGIN_DECLS

#define CRAPETTE_TYPE_ROUND_SUMMARY (crapette_round_summary_get_type ())

G_DECLARE_FINAL_TYPE (CrapetteRoundSummary, crapette_round_summary,
                      CRAPETTE, ROUND_SUMMARY, AdwWindow)

CrapetteRoundSummary *crapette_round_summary_new (GtkWindow     *parent,
                                                  CrapetteMatch *match,
                                                  guint          round_index);

/* Who won @match, once it is over: "You win the match"; %NULL while it goes on. */
char                 *crapette_round_summary_describe_match_result (CrapetteMatch *match);

G_END_DECLS
