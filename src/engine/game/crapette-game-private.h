/* crapette-game-private.h: what the files of #CrapetteGame share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "crapette-game.h"
#include "crapette-player-names.h"

G_BEGIN_DECLS

/**
 * CrapetteGame:
 *
 * The round in play. It is the only engine object the window talks to: it
 * takes moves, refuses illegal ones with the rule they break, and tells
 * what happened through signals and property notifications. What it shows is
 * the view, in which cards face down are unknown.
 */
struct _CrapetteGame
{
  GObject parent_instance;

  CrapetteRound *round;
  CrapetteView *view;         /* made anew after every change; it holds the legal moves */
  CrapettePosition known_view;
  CrapettePlayerNames players;  /* who plays, so every move in words names them alike */
  gboolean hidden_deals;        /* rounds are dealt hidden (crapette_game_set_hidden_deals()) */
};

/* What the properties showed last, to notify only real changes. */
typedef struct
{
  CrapetteVariant variant;
  CrapetteSeat current_player;
  CrapetteOutcome phase;
  guint cards_left[CRAPETTE_N_SEATS];
  guint turn_number;
  guint move_number;
  gboolean can_undo;
  gboolean can_redo;
} Snapshot;

void crapette_game_take_snapshot  (CrapetteGame       *self,
                                   Snapshot           *snapshot);
void crapette_game_notify_changes (CrapetteGame       *self,
                                   const Snapshot     *before);
void crapette_game_refresh        (CrapetteGame       *self);
void crapette_game_emit_played    (CrapetteGame       *self,
                                   const Snapshot     *snapshot,
                                   const CrapetteView *view_before);
void crapette_game_emit_undone    (CrapetteGame       *self,
                                   const CrapetteMove *undone);

G_END_DECLS
