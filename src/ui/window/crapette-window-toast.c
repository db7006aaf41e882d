/* crapette-window-toast.c: the main window's toasts: one at a time, the newest replacing the
 * one on show, over the message line and as wide as their words
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A toast stands over the message line under the header bar, not at the foot of the window:
 * there it covered South's status line and the cards of the bottom row. The line it covers
 * for a few seconds only repeats the computer's last move in words, which screen readers
 * have heard and the history lists; its words are hidden meanwhile.
 */

#define G_LOG_DOMAIN "crapette-ui"

#include "config.h"

#include "crapette-window-private.h"

/* Shows @message in a toast that replaces the one before. */
void
crapette_window_show_toast (CrapetteWindow *self,
                            const char     *message)
{
  crapette_window_show_toast_for (self, message, 4);
}

static gboolean
toast_time_is_up (gpointer data)
{
  CrapetteWindow *self = data;

  self->toast_source = 0;
  if (self->last_toast != NULL)
    adw_toast_dismiss (self->last_toast);
  return G_SOURCE_REMOVE;
}

static void
toast_dismissed (AdwToast       *toast,
                 CrapetteWindow *self)
{
  if (toast != self->last_toast)
    return;
  g_clear_handle_id (&self->toast_source, g_source_remove);
  /* Dismissed, it is on its way out (libadwaita hides it, then lets go of it): no longer the
   * toast on show, and no place for the next message. */
  g_clear_weak_pointer (&self->last_toast);
  gtk_widget_set_opacity (GTK_WIDGET (self->message_stack), 1);
}

/* The widest a toast's words may be: 132 characters, so that the longest refusals take one
 * line, as high as the message line, and leave the header bar's subtitle in sight, in every
 * language of ours in a window of the usual width: Italian says the rule of loading the
 * opponent in 111 characters and the rule of double suits in 130 (English in 85 and 99). In a
 * window too narrow for them they wrap within its width (words_width). */
#define TOAST_MAX_CHARS 132

/* How high a toast's words are when they wrap at @width. */
static int
words_height (GtkWidget *label,
              int        width)
{
  int minimum, natural;

  gtk_widget_measure (label, GTK_ORIENTATION_VERTICAL, width, &minimum, &natural, NULL, NULL);
  return natural;
}

/* What a toast takes beside its words: its margins, padding and close button (style.css),
 * and a few pixels to spare. */
#define TOAST_CHROME 64

/* The width a toast's words ask for: the narrowest at which they take as many lines as at
 * their widest (a wrapping label asks for its widest, and its lines, shorter, left an empty
 * margin beside them), and their widest no wider than the window leaves them, or the words
 * of a toast too wide for the window (large text in a narrow window) ran past its sides. */
static int
words_width (GtkWidget *box,
             int        narrowest,
             int        widest)
{
  GtkWidget *label = gtk_widget_get_first_child (box);
  GtkRoot *window = gtk_widget_get_root (box);
  int low = narrowest, high = widest, lines_height;

  if (window != NULL)
    high = MAX (low, MIN (high, gtk_widget_get_width (GTK_WIDGET (window)) - TOAST_CHROME));
  /* The narrowest width with the height of the widest, found by halving. */
  lines_height = words_height (label, high);
  while (low < high)
    {
      int middle = low + (high - low) / 2;

      if (words_height (label, middle) <= lines_height)
        high = middle;
      else
        low = middle + 1;
    }
  return high;
}

/* The words are measured for their width alone: their height is the one at the width they
 * ask for, also when no width is given. libadwaita 1.2 asks a toast for its height first,
 * then for its width at that height, and a label then keeps to one line however long. */
static void
measure_words (GtkWidget      *box,
               GtkOrientation  orientation,
               int             for_size,
               int            *minimum,
               int            *natural,
               int            *minimum_baseline,
               int            *natural_baseline)
{
  GtkWidget *label = gtk_widget_get_first_child (box);

  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      gtk_widget_measure (label, orientation, -1, minimum, natural, NULL, NULL);
      *natural = words_width (box, *minimum, *natural);
    }
  else
    {
      int narrowest, widest;

      if (for_size < 0)
        {
          gtk_widget_measure (label, GTK_ORIENTATION_HORIZONTAL, -1, &narrowest, &widest,
                              NULL, NULL);
          for_size = words_width (box, narrowest, widest);
        }
      gtk_widget_measure (label, orientation, for_size, minimum, natural, NULL, NULL);
    }
}

static void
allocate_words (GtkWidget *box,
                int        width,
                int        height,
                int        baseline)
{
  gtk_widget_allocate (gtk_widget_get_first_child (box), width, height, baseline, NULL);
}

static GtkSizeRequestMode
words_request_mode (GtkWidget *box)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

/* The words of a toast, in a label of its own: libadwaita 1.2 shows a toast's title on one
 * line, cut short with an ellipsis, and the longer refusals ("Tableau piles are built in
 * double suits: …") lost their end in a narrow window or with large text. This label wraps
 * instead. It is plain text, never markup, so a file's or a folder's name quoted in a message
 * shows as written. */
static GtkWidget *
new_toast_label (const char *message)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  GtkWidget *label = gtk_label_new (message);

  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  /* The overlay gives a toast the width it asks for, not the window's. */
  gtk_label_set_max_width_chars (GTK_LABEL (label), TOAST_MAX_CHARS);
  gtk_label_set_justify (GTK_LABEL (label), GTK_JUSTIFY_CENTER);
  gtk_widget_add_css_class (label, "heading");
  gtk_box_append (GTK_BOX (box), label);
  gtk_widget_set_layout_manager (box, gtk_custom_layout_new (words_request_mode, measure_words,
                                                             allocate_words));
  return box;
}

/* The label of the toast on show, or %NULL. */
static GtkLabel *
shown_toast_label (CrapetteWindow *self)
{
  GtkWidget *words = self->last_toast != NULL ? adw_toast_get_custom_title (self->last_toast) :
                                                NULL;
  GtkWidget *label = words != NULL ? gtk_widget_get_first_child (words) : NULL;

  return GTK_IS_LABEL (label) ? GTK_LABEL (label) : NULL;
}

/* Shows @message in a toast for @seconds, replacing the one before. */
void
crapette_window_show_toast_for (CrapetteWindow *self,
                                const char     *message,
                                guint           seconds)
{
  AdwToast *toast;
  GtkLabel *shown_label;

  /* Toasts are read out: a refusal, a load onto the person's piles, a file opened. */
  crapette_window_speak (self, message);

  /* The window times its toast itself, so that a message that replaces another is shown for
   * its own time, not for what was left of the other's. */
  g_clear_handle_id (&self->toast_source, g_source_remove);
  self->toast_source = g_timeout_add_seconds (seconds, toast_time_is_up, self);

  /* The message line's own words stand aside while a toast covers its middle, rather than
   * showing on either side of it. */
  gtk_widget_set_opacity (GTK_WIDGET (self->message_stack), 0);

  /* A new message replaces the last one rather than queueing behind it. It
   * takes the place of the toast on show instead of dismissing it: in
   * libadwaita 1.2 a toast dismissed while it animates crashes the overlay. */
  shown_label = shown_toast_label (self);
  if (shown_label != NULL)
    {
      gtk_label_set_text (shown_label, message);
      gtk_widget_queue_resize (gtk_widget_get_parent (GTK_WIDGET (shown_label)));
      return;
    }

  toast = adw_toast_new ("");
  adw_toast_set_custom_title (toast, new_toast_label (message));
  adw_toast_set_timeout (toast, 0);
  g_signal_connect_object (toast, "dismissed", G_CALLBACK (toast_dismissed), self, 0);
  g_set_weak_pointer (&self->last_toast, toast);
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
}

/* Returns the text the toast on show reads, or %NULL. */
const char *
crapette_window_get_toast_message (CrapetteWindow *self)
{
  GtkLabel *label;

  g_return_val_if_fail (CRAPETTE_IS_WINDOW (self), NULL);

  g_clear_pointer (&self->shown_toast_text, g_free);
  label = shown_toast_label (self);
  if (label != NULL)
    self->shown_toast_text = g_strdup (gtk_label_get_text (label));
  return self->shown_toast_text;
}

/* The toasts' overlay is as wide as the toast on show, in the middle of the window, and ends
 * at the foot of the message line: it never takes the clicks meant for what lies around. */
static gboolean
on_get_child_position_cb (GtkOverlay     *overlay,
                          GtkWidget      *child,
                          GdkRectangle   *allocation,
                          CrapetteWindow *self)
{
  graphene_point_t table_top;
  int minimum, natural, height;

  if (child != GTK_WIDGET (self->toast_overlay))
    return FALSE;
  gtk_widget_measure (child, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, NULL, NULL);
  allocation->width = MIN (natural, gtk_widget_get_width (GTK_WIDGET (overlay)));
  allocation->width = MAX (allocation->width, minimum);
  gtk_widget_measure (child, GTK_ORIENTATION_VERTICAL, allocation->width, &minimum, &height,
                      NULL, NULL);
  allocation->height = height;
  allocation->x = (gtk_widget_get_width (GTK_WIDGET (overlay)) - allocation->width) / 2;
  if (!gtk_widget_compute_point (GTK_WIDGET (self->table), GTK_WIDGET (overlay),
                                 &GRAPHENE_POINT_INIT (0, 0), &table_top))
    table_top.y = height;
  /* Over the message line; never above the window's top. */
  allocation->y = MAX (0, (int) table_top.y - height);
  return TRUE;
}

/* Places the toasts over the message line, each as wide as its words. */
void
crapette_window_init_toasts (CrapetteWindow *self)
{
  g_signal_connect_object (self->content_overlay, "get-child-position",
                           G_CALLBACK (on_get_child_position_cb), self, 0);
}
