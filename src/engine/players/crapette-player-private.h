/* crapette-player-private.h: what the players share with each other
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "crapette-player.h"
#include "crapette-random.h"
#include "crapette-search.h"

G_BEGIN_DECLS

/* One final type per level; crapette_player_new() makes them by their kind. */
#define CRAPETTE_TYPE_RANDOM_PLAYER (crapette_random_player_get_type ())
G_DECLARE_FINAL_TYPE (CrapetteRandomPlayer, crapette_random_player, CRAPETTE, RANDOM_PLAYER,
                      CrapettePlayer)
#define CRAPETTE_TYPE_GREEDY_PLAYER (crapette_greedy_player_get_type ())
G_DECLARE_FINAL_TYPE (CrapetteGreedyPlayer, crapette_greedy_player, CRAPETTE, GREEDY_PLAYER,
                      CrapettePlayer)
#define CRAPETTE_TYPE_EASY_PLAYER (crapette_easy_player_get_type ())
G_DECLARE_FINAL_TYPE (CrapetteEasyPlayer, crapette_easy_player, CRAPETTE, EASY_PLAYER,
                      CrapettePlayer)
#define CRAPETTE_TYPE_MEDIUM_PLAYER (crapette_medium_player_get_type ())
G_DECLARE_FINAL_TYPE (CrapetteMediumPlayer, crapette_medium_player, CRAPETTE, MEDIUM_PLAYER,
                      CrapettePlayer)
#define CRAPETTE_TYPE_HARD_PLAYER (crapette_hard_player_get_type ())
G_DECLARE_FINAL_TYPE (CrapetteHardPlayer, crapette_hard_player, CRAPETTE, HARD_PLAYER,
                      CrapettePlayer)

/* With mistakes called: how many of the opponent's mistakes in 1,000 Easy and
 * Medium call, and how many times in 1,000 they break a duty on purpose when
 * they could. Chosen by bench/players.sh (docs/computer-players.md, "Stop!"). */
#define EASY_NOTICE_RATE 500
#define MEDIUM_NOTICE_RATE 900
#define EASY_MISTAKE_RATE 100
#define MEDIUM_MISTAKE_RATE 40
/* Hard makes none unless the person asks for them ("computer-mistakes" set to "always"); then
 * half as many as Medium, so that it stays the hardest to play against. */
#define HARD_MISTAKE_RATE 20

/* The player's own random generator, seeded from crapette_player_new(). A
 * player is used by one thread at a time, so it needs no lock. */
CrapetteRandom *crapette_player_get_random (CrapettePlayer *self);

/* What @self remembers of the turn it is choosing in (crapette-search-memory.c). */
const CrapetteTurnMemory *crapette_player_get_turn_memory (CrapettePlayer *self);

G_END_DECLS
