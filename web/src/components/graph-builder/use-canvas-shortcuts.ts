import { useEffect, useRef } from 'react';

type Shortcuts = { undo: () => void; redo: () => void; copy: () => void; paste: () => void; save: () => void };

/** Whether a key press belongs to a field or a dialog rather than to the canvas. */
function typingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.closest('[role="dialog"], [role="alertdialog"]')) return true;
  const tag = target.tagName;
  return tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT' || target.isContentEditable;
}

/**
 * A graph builder's keys: Ctrl/Cmd+Z undo, Ctrl/Cmd+Shift+Z or Ctrl+Y redo, Ctrl/Cmd+C and V copy and
 * paste the selected nodes, Ctrl/Cmd+S save. Not while typing in a field (its own undo and copy
 * work there) nor in a dialog. (Delete and Backspace, and the arrow keys on a focused node, are
 * the canvas's own.)
 */
export function useCanvasShortcuts(shortcuts: Shortcuts) {
  const ref = useRef(shortcuts);
  useEffect(() => {
    ref.current = shortcuts;
  });
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.altKey || typingIn(e.target)) return;
      const key = e.key.toLowerCase();
      const s = ref.current;
      if (key === 'z' && !e.shiftKey) s.undo();
      else if ((key === 'z' && e.shiftKey) || (key === 'y' && !e.shiftKey)) s.redo();
      else if (key === 'c' && !e.shiftKey) {
        if (window.getSelection()?.toString()) return;
        s.copy();
      } else if (key === 'v' && !e.shiftKey) s.paste();
      else if (key === 's' && !e.shiftKey) s.save();
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
