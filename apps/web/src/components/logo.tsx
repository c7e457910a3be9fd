/** The Outpost wordmark: a container-roof glyph and stencilled letters. */
export function Logo() {
  return (
    <svg viewBox="0 0 168 36" width="140" height="30" aria-hidden="true" focusable="false">
      <path d="M2 30V14L18 4l16 10v16h-9V20H11v10z" fill="#e8792b" />
      <path d="M13 22h10v2H13zm0 4h10v2H13z" fill="#e8792b" />
      <text
        x="42"
        y="27"
        fill="#f1e6d2"
        fontFamily="Impact, 'Arial Narrow Bold', 'Helvetica Neue', sans-serif"
        fontSize="25"
        letterSpacing="3"
        textLength="122"
        lengthAdjust="spacingAndGlyphs"
      >
        OUTPOST
      </text>
    </svg>
  );
}
