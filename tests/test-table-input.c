/* test-table-input.c: a person's pointer and keys on the table, as GTK delivers them
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * These tests emit the table's gesture signals in the order GTK 4 emits them
 * for a real mouse: a press begins the drag gesture and then the click
 * gesture ("drag-begin", "pressed"), motion updates the drag, and the release
 * ends the drag ("drag-end") and then reports the click gesture's "released"
 * (GTK reports it even when the pointer moved in between). After each
 * gesture nothing may stay held or framed that the person is not holding,
 * and a click must act on what was clicked; in both directions of writing.
 * Last, a scripted session of both games plays legal moves only, through
 * clicks, drags, double-clicks and keys, and the table never refuses one.
 */

#define G_LOG_DOMAIN "crapette-test"

#include "config.h"

#include "crapette-card.h"
#include "ui-test-helpers.h"
#include "crapette-view-private.h"

/* Long enough for the computer on a busy machine, short enough to fail quickly. */
#define COMPUTER_TIMEOUT_MS 30000

typedef struct
{
  CrapetteVariant variant;
  gboolean rtl;
} Setting;

typedef struct
{
  CrapetteWindow *window;
  CrapetteTable *table;
  CrapetteGame *game;
  guint refusals;
  char *last_refusal;
  graphene_point_t pressed_at;
  gboolean computer_moving;
  guint computer_moves_checked;
} Fixture;

/* ---- Setting up ------------------------------------------------------------ */

static void
on_refused_cb (CrapetteTable *table,
               const char    *message,
               Fixture       *fixture)
{
  fixture->refusals++;
  g_free (fixture->last_refusal);
  fixture->last_refusal = g_strdup (message);
  g_test_message ("refused: %s", message);
}

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  const Setting *setting = data;

  /* As in a right-to-left language: the whole window is mirrored. */
  gtk_widget_set_default_direction (setting->rtl ? GTK_TEXT_DIR_RTL : GTK_TEXT_DIR_LTR);
  fixture->window = crapette_window_new (NULL);
  fixture->table = crapette_window_get_table (fixture->window);
  fixture->game = crapette_window_get_game (fixture->window);
  g_signal_connect (fixture->table, "refused", G_CALLBACK (on_refused_cb), fixture);
  crapette_window_set_show_round_results (fixture->window, FALSE);
  crapette_window_new_game (fixture->window, setting->variant, 42);
  ui_test_show_window (fixture->window, 1280, 800);
  g_assert_true ((gtk_widget_get_direction (GTK_WIDGET (fixture->table)) == GTK_TEXT_DIR_RTL) ==
                 setting->rtl);
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  data)
{
  g_signal_handlers_disconnect_by_data (fixture->table, fixture);
  g_signal_handlers_disconnect_by_data (fixture->game, fixture);
  g_signal_handlers_disconnect_by_data (crapette_window_get_computer (fixture->window), fixture);
  gtk_window_destroy (GTK_WINDOW (fixture->window));
  ui_test_drain ();
  g_free (fixture->last_refusal);
  gtk_widget_set_default_direction (GTK_TEXT_DIR_LTR);
}

/* ---- The pointer, as GTK reports it ----------------------------------------- */

static GtkGesture *
drag_gesture (Fixture *fixture)
{
  return crapette_table_get_drag_gesture (fixture->table);
}

static GtkGesture *
click_gesture (Fixture *fixture)
{
  return crapette_table_get_click_gesture (fixture->table);
}

static void
press_at (Fixture                *fixture,
          const graphene_point_t *at,
          int                     n_press)
{
  fixture->pressed_at = *at;
  g_signal_emit_by_name (drag_gesture (fixture), "drag-begin", (double) at->x, (double) at->y);
  g_signal_emit_by_name (click_gesture (fixture), "pressed", n_press, (double) at->x,
                         (double) at->y);
}

/* The pressed pointer moves to @to in a few steps, as motion events come. */
static void
move_to (Fixture                *fixture,
         const graphene_point_t *to)
{
  for (guint step = 1; step <= 4; step++)
    g_signal_emit_by_name (drag_gesture (fixture), "drag-update",
                           (double) (to->x - fixture->pressed_at.x) * step / 4.0,
                           (double) (to->y - fixture->pressed_at.y) * step / 4.0);
}

static void
release_at (Fixture                *fixture,
            const graphene_point_t *at,
            int                     n_press)
{
  g_signal_emit_by_name (drag_gesture (fixture), "drag-end",
                         (double) (at->x - fixture->pressed_at.x),
                         (double) (at->y - fixture->pressed_at.y));
  g_signal_emit_by_name (click_gesture (fixture), "released", n_press, (double) at->x,
                         (double) at->y);
}

/* Lets every card land and the main loop catch up. */
static void
settle (Fixture *fixture)
{
  crapette_table_finish_animations (fixture->table);
  ui_test_drain ();
}

static void
pile_point (Fixture          *fixture,
            CrapettePileId    pile,
            graphene_point_t *point)
{
  ui_test_pile_point (fixture->table, pile, point);
}

/* A click of the mouse on the top card (or the place) of @pile. */
static void
click_on (Fixture        *fixture,
          CrapettePileId  pile)
{
  graphene_point_t at;

  pile_point (fixture, pile, &at);
  press_at (fixture, &at, 1);
  release_at (fixture, &at, 1);
  settle (fixture);
}

/* A double-click: two presses and releases, the second counted as such. */
static void
double_click_on (Fixture        *fixture,
                 CrapettePileId  pile)
{
  graphene_point_t at;

  pile_point (fixture, pile, &at);
  press_at (fixture, &at, 1);
  release_at (fixture, &at, 1);
  press_at (fixture, &at, 2);
  release_at (fixture, &at, 2);
  settle (fixture);
}

/* Drags the top card of @from and lets go of it over @to. */
static void
drag_onto (Fixture        *fixture,
           CrapettePileId  from,
           CrapettePileId  to)
{
  graphene_point_t start, end;

  pile_point (fixture, from, &start);
  pile_point (fixture, to, &end);
  press_at (fixture, &start, 1);
  move_to (fixture, &end);
  release_at (fixture, &end, 1);
  settle (fixture);
}

/* ---- The keyboard ------------------------------------------------------------ */

static void
focus_pile (Fixture        *fixture,
            CrapettePileId  pile)
{
  gtk_widget_grab_focus (crapette_table_get_pile_view (fixture->table, pile));
  g_assert_cmpuint (crapette_table_get_focus_pile (fixture->table), ==, pile);
}

/* Enter on the focused pile. */
static void
press_enter (Fixture *fixture)
{
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->table), "table.pick-or-drop",
                                             NULL));
  settle (fixture);
}

/* ---- What the table shows ------------------------------------------------------ */

static guint
move_number (Fixture *fixture)
{
  return crapette_view_get_move_number (crapette_game_get_view (fixture->game));
}

static const CrapettePosition *
view (Fixture *fixture)
{
  return crapette_view_get_position (crapette_game_get_view (fixture->game));
}

/* Nothing is held, dragged or framed as a target. */
static void
assert_nothing_held (Fixture *fixture)
{
  g_assert_cmpuint (crapette_table_get_selected_pile (fixture->table), ==, CRAPETTE_NO_PILE);
  for (CrapettePileId pile = 0; pile < CRAPETTE_N_PILES; pile++)
    if (crapette_table_pile_is_target (fixture->table, pile))
      g_error ("pile %u is still framed as a target", pile);
  g_assert_false (fixture->table->dragging);
}

/* A pile of the table whose face-up top card a click would pick up, other than @not_this. */
static CrapettePileId
pile_to_pick_up (Fixture        *fixture,
                 CrapettePileId  not_this,
                 CrapettePileId  nor_this)
{
  CrapettePileId stock = crapette_pile_of_seat (CRAPETTE_PILE_KIND_STOCK,
                                                crapette_game_get_current_player (fixture->game));

  for (CrapettePileId pile = 0; pile < CRAPETTE_N_PILES; pile++)
    {
      if (pile == not_this || pile == nor_this || pile == stock ||
          !crapette_table_pile_is_used (fixture->table, pile))
        continue;
      if (crapette_card_is_real (crapette_position_top (view (fixture), pile)))
        return pile;
    }
  g_assert_not_reached ();
}

/* A click on @pile picks its card up and shows where it may go; a second puts it back. */
static void
assert_click_picks_up (Fixture        *fixture,
                       CrapettePileId  pile)
{
  guint refusals = fixture->refusals;
  guint before = move_number (fixture);

  click_on (fixture, pile);
  g_assert_cmpuint (crapette_table_get_selected_pile (fixture->table), ==, pile);
  click_on (fixture, pile);
  assert_nothing_held (fixture);
  g_assert_cmpuint (move_number (fixture), ==, before);
  g_assert_cmpuint (fixture->refusals, ==, refusals);
}

/* A legal move of a card; while there is none, the player turns a card with a click. */
static CrapetteMove
find_card_move (Fixture *fixture)
{
  CrapetteMove move;

  for (guint tries = 0; !ui_test_find_card_move (fixture->game, CRAPETTE_N_PILE_KINDS,
                                                 CRAPETTE_N_PILE_KINDS, &move); tries++)
    {
      g_assert_cmpuint (tries, <, 20);
      click_on (fixture, crapette_pile_of_seat (CRAPETTE_PILE_KIND_STOCK,
                                                crapette_game_get_current_player (fixture->game)));
    }
  return move;
}

/* ---- The paths ------------------------------------------------------------------ */

/* A legal drag lets go of the card: the next click picks up the card clicked,
 * rather than trying to move the dragged card again. */
static void
test_drag_then_click (Fixture       *fixture,
                      gconstpointer  data)
{
  CrapetteMove move = find_card_move (fixture);
  guint before = move_number (fixture);

  drag_onto (fixture, move.from, move.to);
  g_assert_cmpuint (move_number (fixture), ==, before + 1);
  g_assert_cmpuint (fixture->refusals, ==, 0);
  assert_nothing_held (fixture);

  assert_click_picks_up (fixture, pile_to_pick_up (fixture, move.to, CRAPETTE_NO_PILE));
  assert_click_picks_up (fixture, move.to);
}

/* A face-up card on a pile the card in hand cannot go to, or %CRAPETTE_NO_PILE. */
static CrapettePileId
refusing_pile (Fixture        *fixture,
               CrapettePileId  source)
{
  gsize n_moves;
  const CrapetteMove *moves = crapette_game_get_legal_moves (fixture->game, &n_moves);

  for (CrapettePileId pile = 0; pile < CRAPETTE_N_PILES; pile++)
    {
      gboolean legal = FALSE;

      if (pile == source || crapette_pile_kind (pile) == CRAPETTE_PILE_KIND_STOCK ||
          !crapette_card_is_real (crapette_position_top (view (fixture), pile)))
        continue;
      for (gsize i = 0; i < n_moves; i++)
        legal |= moves[i].kind == CRAPETTE_MOVE_CARD && moves[i].from == source &&
                 moves[i].to == pile;
      if (!legal)
        return pile;
    }
  return CRAPETTE_NO_PILE;
}

/* A refused drop says why once, leaves nothing framed (neither the card nor
 * the pile it was dropped on) and makes no move; the next click acts on what
 * it clicks. */
static void
test_refused_drag_then_click (Fixture       *fixture,
                              gconstpointer  data)
{
  CrapetteMove move = find_card_move (fixture);
  CrapettePileId own_stock =
    crapette_pile_of_seat (CRAPETTE_PILE_KIND_STOCK,
                           crapette_game_get_current_player (fixture->game));
  CrapettePileId refusing = refusing_pile (fixture, move.from);
  guint before = move_number (fixture);

  /* Onto the player's own stock: the release must not turn a card. */
  drag_onto (fixture, move.from, own_stock);
  g_assert_cmpuint (fixture->refusals, ==, 1);
  g_assert_cmpuint (move_number (fixture), ==, before);
  assert_nothing_held (fixture);
  assert_click_picks_up (fixture, move.from);

  /* Onto a face-up card that does not take it: that card must not be framed. */
  g_assert_cmpuint (refusing, !=, CRAPETTE_NO_PILE);
  drag_onto (fixture, move.from, refusing);
  g_assert_cmpuint (fixture->refusals, ==, 2);
  g_assert_cmpuint (move_number (fixture), ==, before);
  assert_nothing_held (fixture);
  assert_click_picks_up (fixture, pile_to_pick_up (fixture, refusing, move.from));

  /* The legal move still plays with a click on each pile. */
  click_on (fixture, move.from);
  click_on (fixture, move.to);
  g_assert_cmpuint (move_number (fixture), ==, before + 1);
  g_assert_cmpuint (fixture->refusals, ==, 2);
  assert_nothing_held (fixture);
}

/* A card dragged away and brought back to its own pile goes back quietly;
 * it is not left picked up, so the next click does not try to move it. */
static void
test_drag_onto_source (Fixture       *fixture,
                       gconstpointer  data)
{
  CrapetteMove move = find_card_move (fixture);
  guint before = move_number (fixture);
  graphene_point_t start, away;

  pile_point (fixture, move.from, &start);
  pile_point (fixture, move.to, &away);
  press_at (fixture, &start, 1);
  move_to (fixture, &away);
  g_assert_true (crapette_table_pile_is_target (fixture->table, move.to));
  move_to (fixture, &start);
  release_at (fixture, &start, 1);
  settle (fixture);

  g_assert_cmpuint (move_number (fixture), ==, before);
  g_assert_cmpuint (fixture->refusals, ==, 0);
  assert_nothing_held (fixture);
  assert_click_picks_up (fixture, pile_to_pick_up (fixture, move.from, CRAPETTE_NO_PILE));
}

/* A press that moves off the baize and lets go over a card is not a click on that card. */
static void
test_sweep_is_no_click (Fixture       *fixture,
                        gconstpointer  data)
{
  CrapettePileId pile = pile_to_pick_up (fixture, CRAPETTE_NO_PILE, CRAPETTE_NO_PILE);
  graphene_point_t corner = GRAPHENE_POINT_INIT (2, 2);
  graphene_point_t over;
  guint before = move_number (fixture);

  g_assert_cmpuint (crapette_table_pile_at (fixture->table, corner.x, corner.y), ==,
                    CRAPETTE_NO_PILE);
  pile_point (fixture, pile, &over);
  press_at (fixture, &corner, 1);
  move_to (fixture, &over);
  release_at (fixture, &over, 1);
  settle (fixture);

  g_assert_cmpuint (move_number (fixture), ==, before);
  g_assert_cmpuint (fixture->refusals, ==, 0);
  assert_nothing_held (fixture);
}

/* A card picked up with the keyboard goes where the mouse then clicks. */
static void
test_keyboard_then_click (Fixture       *fixture,
                          gconstpointer  data)
{
  CrapetteMove move = find_card_move (fixture);
  guint before = move_number (fixture);

  focus_pile (fixture, move.from);
  press_enter (fixture);
  g_assert_cmpuint (crapette_table_get_selected_pile (fixture->table), ==, move.from);
  g_assert_true (crapette_table_pile_is_target (fixture->table, move.to));

  click_on (fixture, move.to);
  g_assert_cmpuint (move_number (fixture), ==, before + 1);
  g_assert_cmpuint (fixture->refusals, ==, 0);
  assert_nothing_held (fixture);
  g_assert_cmpuint (crapette_table_get_focus_pile (fixture->table), ==, move.to);

  /* And the keyboard again: picked up, then put back with a click on its own pile. */
  move = find_card_move (fixture);
  focus_pile (fixture, move.from);
  press_enter (fixture);
  g_assert_cmpuint (crapette_table_get_selected_pile (fixture->table), ==, move.from);
  click_on (fixture, move.from);
  assert_nothing_held (fixture);
  g_assert_cmpuint (fixture->refusals, ==, 0);
}

/* A move made without the table (the computer's, or one read from a file), a new
 * turn and a new game each let go of a card in hand. */
static void
test_moves_elsewhere_let_go (Fixture       *fixture,
                             gconstpointer  data)
{
  guint turn = crapette_game_get_turn_number (fixture->game);
  CrapetteMove move;

  for (guint step = 0; step < 200 && crapette_game_get_turn_number (fixture->game) == turn;
       step++)
    {
      gsize n_moves;
      const CrapetteMove *moves = crapette_game_get_legal_moves (fixture->game, &n_moves);
      CrapetteMove next;

      g_assert_cmpuint (n_moves, >, 0);
      next = moves[n_moves - 1];
      if (ui_test_find_card_move (fixture->game, CRAPETTE_N_PILE_KINDS, CRAPETTE_N_PILE_KINDS,
                                  &move))
        {
          click_on (fixture, move.from);
          g_assert_cmpuint (crapette_table_get_selected_pile (fixture->table), ==, move.from);
        }
      g_assert_true (crapette_game_play (fixture->game, &next, NULL));
      settle (fixture);
      assert_nothing_held (fixture);
    }
  g_assert_cmpuint (crapette_game_get_turn_number (fixture->game), >, turn);

  move = find_card_move (fixture);
  click_on (fixture, move.from);
  g_assert_cmpuint (crapette_table_get_selected_pile (fixture->table), ==, move.from);
  crapette_window_new_game (fixture->window, crapette_game_get_variant (fixture->game), 43);
  settle (fixture);
  assert_nothing_held (fixture);
  g_assert_cmpuint (fixture->refusals, ==, 0);
}

/* ---- Against the computer -------------------------------------------------------- */

/* Runs the main loop until @condition (a function of the fixture) holds; fails the test
 * after the computer's time. */
#define run_until(fixture, condition, what) \
  ui_test_run_until ((UiTestCondition) (condition), (fixture), COMPUTER_TIMEOUT_MS, (what))

static gboolean
south_to_move_or_over (Fixture *fixture)
{
  return crapette_game_get_phase (fixture->game) != CRAPETTE_OUTCOME_PLAYING ||
         crapette_game_get_current_player (fixture->game) == CRAPETTE_SOUTH;
}

static void
on_computer_announce_cb (CrapetteComputerTurn *computer,
                         const char           *description,
                         Fixture              *fixture)
{
  fixture->computer_moving = TRUE;
}

/* After each of the computer's moves, nothing of the person's is held or framed. */
static void
on_move_applied_cb (CrapetteGame       *game,
                    const CrapetteMove *move,
                    Fixture            *fixture)
{
  if (fixture->computer_moving)
    {
      assert_nothing_held (fixture);
      fixture->computer_moves_checked++;
    }
  fixture->computer_moving = FALSE;
}

static void
play_against_computer (Fixture         *fixture,
                       CrapetteVariant  variant,
                       CrapetteSeat     first)
{
  CrapetteComputerTurn *computer = crapette_window_get_computer (fixture->window);
  CrapetteRules rules;
  guint64 deal = 1;

  crapette_rules_init_default (&rules);
  for (;; deal++)
    {
      CrapettePosition position;

      crapette_position_deal (&position, variant, &rules, deal, 0);
      if (position.to_move == first)
        break;
    }
  crapette_window_set_opponent (fixture->window, CRAPETTE_OPPONENT_COMPUTER_EASY);
  crapette_window_new_game (fixture->window, variant, deal);
  crapette_computer_turn_set_pace (computer, 0);
  /* Flights long enough to click during one. */
  crapette_table_set_animation_duration (fixture->table, 400);
  g_signal_connect_after (fixture->game, "move-applied", G_CALLBACK (on_move_applied_cb),
                          fixture);
  g_signal_connect (computer, "announce", G_CALLBACK (on_computer_announce_cb), fixture);
}

static gboolean
south_to_move_while_cards_fly (Fixture *fixture)
{
  return crapette_game_get_phase (fixture->game) != CRAPETTE_OUTCOME_PLAYING ||
         (crapette_game_get_current_player (fixture->game) == CRAPETTE_SOUTH &&
          crapette_table_is_animating (fixture->table));
}

/* The computer's last card of its turn is still flying when the person
 * clicks: the click lands the cards and picks up the card clicked. */
static void
test_click_during_computer_animation (Fixture       *fixture,
                                      gconstpointer  data)
{
  const Setting *setting = data;
  CrapettePileId pile;

  play_against_computer (fixture, setting->variant, CRAPETTE_NORTH);
  run_until (fixture, south_to_move_while_cards_fly, "the computer's last move");
  g_assert_cmpuint (crapette_game_get_phase (fixture->game), ==, CRAPETTE_OUTCOME_PLAYING);
  g_assert_true (crapette_table_is_animating (fixture->table));
  g_assert_cmpuint (fixture->computer_moves_checked, >, 0);
  assert_nothing_held (fixture);

  pile = pile_to_pick_up (fixture, CRAPETTE_NO_PILE, CRAPETTE_NO_PILE);
  {
    graphene_point_t at;

    pile_point (fixture, pile, &at);
    press_at (fixture, &at, 1);
    /* The press lands the flying cards: what is clicked is where the game has it. */
    g_assert_false (crapette_table_is_animating (fixture->table));
    release_at (fixture, &at, 1);
  }
  g_assert_cmpuint (crapette_table_get_selected_pile (fixture->table), ==, pile);
  g_assert_cmpuint (fixture->refusals, ==, 0);
  click_on (fixture, pile);
  assert_nothing_held (fixture);
}

/* A move that brings the end of the turn nearer: a card to a foundation, the turned
 * card to the waste, turning one, another card's move (not house to house, which
 * could come back), and last any. */
static CrapetteMove
choose_turn_ending_move (Fixture *fixture)
{
  gsize n_moves;
  const CrapetteMove *moves = crapette_game_get_legal_moves (fixture->game, &n_moves);
  CrapetteMove move;

  g_assert_cmpuint (n_moves, >, 0);
  if (ui_test_find_card_move (fixture->game, CRAPETTE_N_PILE_KINDS,
                              CRAPETTE_PILE_KIND_FOUNDATION, &move) ||
      ui_test_find_card_move (fixture->game, CRAPETTE_PILE_KIND_TURNED,
                              CRAPETTE_PILE_KIND_WASTE, &move))
    return move;
  for (gsize i = 0; i < n_moves; i++)
    if (moves[i].kind == CRAPETTE_MOVE_TURN)
      return moves[i];
  for (gsize i = 0; i < n_moves; i++)
    if (moves[i].kind == CRAPETTE_MOVE_CARD &&
        !(crapette_pile_kind (moves[i].from) == CRAPETTE_PILE_KIND_HOUSE &&
          crapette_pile_kind (moves[i].to) == CRAPETTE_PILE_KIND_HOUSE))
      return moves[i];
  return moves[0];
}

/* The person's turn ends with a drag onto the waste; nothing of it stays held
 * while the computer plays, and nothing after. */
static void
test_drag_ends_turn_before_computer (Fixture       *fixture,
                                     gconstpointer  data)
{
  CrapettePileId stock = crapette_pile_of_seat (CRAPETTE_PILE_KIND_STOCK, CRAPETTE_SOUTH);
  guint turn;

  play_against_computer (fixture, CRAPETTE_VARIANT_RUSSIAN, CRAPETTE_SOUTH);
  settle (fixture);
  turn = crapette_game_get_turn_number (fixture->game);

  /* Play what goes to a foundation, turn a card, then discard it: all with the mouse. */
  for (guint step = 0; step < 100 && crapette_game_get_turn_number (fixture->game) == turn;
       step++)
    {
      CrapetteMove move = choose_turn_ending_move (fixture);

      if (move.kind == CRAPETTE_MOVE_CARD)
        drag_onto (fixture, move.from, move.to);
      else
        click_on (fixture, stock);
      if (crapette_game_get_turn_number (fixture->game) == turn)
        assert_nothing_held (fixture);
    }
  g_assert_cmpuint (crapette_game_get_turn_number (fixture->game), >, turn);
  g_assert_cmpuint (fixture->refusals, ==, 0);
  assert_nothing_held (fixture);

  run_until (fixture, south_to_move_or_over, "the computer's turn");
  settle (fixture);
  g_assert_cmpuint (fixture->computer_moves_checked, >, 0);
  assert_nothing_held (fixture);
}

/* ---- A scripted session ------------------------------------------------------------ */

typedef enum
{
  BY_CLICKS,
  BY_DRAG,
  BY_KEYS,
  BY_DOUBLE_CLICK,
  N_WAYS
} Way;

/* Picks a legal move at random, but avoids carrying cards back and forth between houses
 * (the repetition rule would end the round) unless nothing else is left. */
static CrapetteMove
choose_move (Fixture *fixture,
             GRand   *rand)
{
  gsize n_moves;
  const CrapetteMove *moves = crapette_game_get_legal_moves (fixture->game, &n_moves);
  g_autoptr(GArray) good = g_array_new (FALSE, FALSE, sizeof (CrapetteMove));

  gboolean can_turn = FALSE;

  g_assert_cmpuint (n_moves, >, 0);
  for (gsize i = 0; i < n_moves; i++)
    can_turn |= moves[i].kind == CRAPETTE_MOVE_TURN;
  for (gsize i = 0; i < n_moves; i++)
    {
      gboolean house_to_house =
        moves[i].kind == CRAPETTE_MOVE_CARD &&
        crapette_pile_kind (moves[i].from) == CRAPETTE_PILE_KIND_HOUSE &&
        crapette_pile_kind (moves[i].to) == CRAPETTE_PILE_KIND_HOUSE;

      /* A click on the stock turns a card when one can be turned, rather than end the turn. */
      if (moves[i].kind == CRAPETTE_MOVE_END_TURN && can_turn)
        continue;
      if (!house_to_house)
        g_array_append_val (good, moves[i]);
    }
  if (good->len == 0)
    return moves[g_rand_int_range (rand, 0, (gint32) n_moves)];
  return g_array_index (good, CrapetteMove, g_rand_int_range (rand, 0, (gint32) good->len));
}

/* Whether @move is the only legal move from its pile to a foundation, so that a
 * double-click (which takes the first foundation that fits) plays exactly it. */
static gboolean
double_click_plays (Fixture            *fixture,
                    const CrapetteMove *move)
{
  gsize n_moves;
  const CrapetteMove *moves = crapette_game_get_legal_moves (fixture->game, &n_moves);

  if (crapette_pile_kind (move->to) != CRAPETTE_PILE_KIND_FOUNDATION)
    return FALSE;
  for (gsize i = 0; i < n_moves; i++)
    if (moves[i].kind == CRAPETTE_MOVE_CARD && moves[i].from == move->from &&
        crapette_pile_kind (moves[i].to) == CRAPETTE_PILE_KIND_FOUNDATION)
      return moves[i].to == move->to;
  return FALSE;
}

static void
play_card_move (Fixture            *fixture,
                const CrapetteMove *move,
                Way                 way)
{
  switch (way)
    {
    case BY_CLICKS:
      click_on (fixture, move->from);
      g_assert_true (crapette_table_pile_is_target (fixture->table, move->to));
      click_on (fixture, move->to);
      break;
    case BY_DRAG:
      drag_onto (fixture, move->from, move->to);
      break;
    case BY_KEYS:
      focus_pile (fixture, move->from);
      press_enter (fixture);
      focus_pile (fixture, move->to);
      press_enter (fixture);
      break;
    case BY_DOUBLE_CLICK:
    case N_WAYS:
    default:
      double_click_on (fixture, move->from);
      break;
    }
}

/* Turning a card or ending the turn: a click on the own stock, Enter on it, or T. */
static void
play_stock_move (Fixture *fixture,
                 Way      way)
{
  CrapettePileId stock =
    crapette_pile_of_seat (CRAPETTE_PILE_KIND_STOCK,
                           crapette_game_get_current_player (fixture->game));

  switch (way)
    {
    case BY_KEYS:
      focus_pile (fixture, stock);
      press_enter (fixture);
      break;
    case BY_DRAG:
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.turn-card",
                                                 NULL));
      settle (fixture);
      break;
    case BY_CLICKS:
    case BY_DOUBLE_CLICK:
    case N_WAYS:
    default:
      click_on (fixture, stock);
      break;
    }
}

/* Both people at one screen play at least 40 legal moves each game, every one
 * through the pointer or the keys; the table never refuses one of them, and
 * nothing is held between moves. */
static void
test_scripted_session (Fixture       *fixture,
                       gconstpointer  data)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (7);
  guint ways[N_WAYS] = { 0 };
  guint played = 0, stock_moves = 0;

  for (guint step = 0; step < 400 && played < 60 &&
                       crapette_game_get_phase (fixture->game) == CRAPETTE_OUTCOME_PLAYING;
       step++)
    {
      CrapetteMove move = choose_move (fixture, rand);
      guint before = move_number (fixture);
      Way way = (Way) g_rand_int_range (rand, 0, N_WAYS);

      if (move.kind == CRAPETTE_MOVE_CARD)
        {
          if (way == BY_DOUBLE_CLICK && !double_click_plays (fixture, &move))
            way = BY_CLICKS;
          play_card_move (fixture, &move, way);
          ways[way]++;
        }
      else
        {
          play_stock_move (fixture, way);
          stock_moves++;
        }

      if (fixture->refusals > 0)
        g_error ("step %u: a legal move was refused: %s", step, fixture->last_refusal);
      g_assert_cmpuint (move_number (fixture), ==, before + 1);
      assert_nothing_held (fixture);
      played++;
    }

  g_test_message ("%u moves: clicks %u, drags %u, keys %u, double-clicks %u, stock %u", played,
                  ways[BY_CLICKS], ways[BY_DRAG], ways[BY_KEYS], ways[BY_DOUBLE_CLICK],
                  stock_moves);
  g_assert_cmpuint (played, >=, 40);
  g_assert_cmpuint (ways[BY_CLICKS], >, 0);
  g_assert_cmpuint (ways[BY_DRAG], >, 0);
  g_assert_cmpuint (ways[BY_KEYS], >, 0);
  g_assert_cmpuint (fixture->refusals, ==, 0);
}

/* ---- Registering ----------------------------------------------------------------- */

static const Setting settings[] = {
  { CRAPETTE_VARIANT_RUSSIAN, FALSE },
  { CRAPETTE_VARIANT_RUSSIAN, TRUE },
  { CRAPETTE_VARIANT_AMERICAN, FALSE },
  { CRAPETTE_VARIANT_AMERICAN, TRUE },
};

static void
add_test (const char    *name,
          const Setting *setting,
          void (*test) (Fixture *, gconstpointer))
{
  g_autofree char *path =
    g_strdup_printf ("/table-input/%s/%s/%s",
                     setting->variant == CRAPETTE_VARIANT_RUSSIAN ? "russian" : "american",
                     setting->rtl ? "rtl" : "ltr", name);

  g_test_add (path, Fixture, setting, fixture_set_up, test, fixture_tear_down);
}

int
main (int   argc,
      char *argv[])
{
  ui_test_init (&argc, &argv);

  for (guint i = 0; i < G_N_ELEMENTS (settings); i++)
    {
      add_test ("drag-then-click", &settings[i], test_drag_then_click);
      add_test ("refused-drag-then-click", &settings[i], test_refused_drag_then_click);
      add_test ("drag-onto-source", &settings[i], test_drag_onto_source);
      add_test ("sweep-is-no-click", &settings[i], test_sweep_is_no_click);
      add_test ("keyboard-then-click", &settings[i], test_keyboard_then_click);
      add_test ("moves-elsewhere-let-go", &settings[i], test_moves_elsewhere_let_go);
      add_test ("click-during-computer-animation", &settings[i],
                test_click_during_computer_animation);
      add_test ("scripted-session", &settings[i], test_scripted_session);
    }
  add_test ("drag-ends-turn-before-computer", &settings[0], test_drag_ends_turn_before_computer);
  add_test ("drag-ends-turn-before-computer", &settings[1], test_drag_ends_turn_before_computer);
  return g_test_run ();
}
