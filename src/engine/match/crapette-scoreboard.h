/* crapette-scoreboard.h: every match and round played, counted per game and opponent
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "crapette-match.h"

G_BEGIN_DECLS

/**
 * CrapetteScoreStats:
 *
 * The record of South (the person, against the computer) in one game against
 * one opponent. A round is drawn when nobody scores; a blocked round counts
 * both as blocked and as won or lost by the count of cards.
 * @total_winning_points over @rounds_won gives the average winning score.
 */
typedef struct
{
  guint matches_played;
  guint matches_won;
  guint matches_lost;
  guint matches_drawn;
  guint rounds_played;
  guint rounds_won;
  guint rounds_lost;
  guint rounds_drawn;
  guint rounds_blocked;
  guint best_winning_score;
  guint total_winning_points;
  guint current_streak;
  guint longest_streak;
} CrapetteScoreStats;

/**
 * CrapetteHeadToHead:
 *
 * Two named people's matches against each other, the names in alphabetical order.
 */
typedef struct
{
  char *names[2];
  guint wins[2];
  guint draws;
} CrapetteHeadToHead;

#define CRAPETTE_TYPE_SCOREBOARD (crapette_scoreboard_get_type ())

G_DECLARE_FINAL_TYPE (CrapetteScoreboard, crapette_scoreboard, CRAPETTE, SCOREBOARD, GObject)

CrapetteScoreboard *crapette_scoreboard_new             (GSettings                 *settings);
void                crapette_scoreboard_add_round       (CrapetteScoreboard        *self,
                                                         CrapetteMatch             *match,
                                                         const CrapetteRoundResult *result);
void                crapette_scoreboard_add_match       (CrapetteScoreboard        *self,
                                                         CrapetteMatch             *match);
void                crapette_scoreboard_get_stats       (CrapetteScoreboard        *self,
                                                         CrapetteVariant            variant,
                                                         CrapetteOpponent           opponent,
                                                         CrapetteScoreStats        *stats);
guint               crapette_scoreboard_get_average_winning_score (const CrapetteScoreStats *stats);
GArray             *crapette_scoreboard_list_head_to_head (CrapetteScoreboard      *self);
void                crapette_scoreboard_reset           (CrapetteScoreboard        *self);

G_END_DECLS
