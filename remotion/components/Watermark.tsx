import React from 'react';
import { sizeUnit } from '../lib/layout/safe-area';

/** The sandbox mark: large diagonal text across the frame plus a corner badge. */
export const Watermark: React.FC<{ width: number; height: number }> = ({ width, height }) => {
  const unit = sizeUnit(width, height);
  const diagonal = (Math.atan2(height, width) * 180) / Math.PI;
  const text: React.CSSProperties = {
    fontFamily: '"DejaVu Sans", sans-serif',
    fontWeight: 700,
    color: 'rgba(255,255,255,0.34)',
    WebkitTextStroke: `${Math.max(1, unit * 0.18)}px rgba(0,0,0,0.30)`,
    letterSpacing: unit * 1.6,
    whiteSpace: 'nowrap',
  };
  return (
    <div style={{ position: 'absolute', inset: 0, overflow: 'hidden', pointerEvents: 'none' }}>
      <div
        style={{
          position: 'absolute',
          left: '50%',
          top: '50%',
          transform: `translate(-50%, -50%) rotate(${-diagonal}deg)`,
          fontSize: unit * 16,
          ...text,
        }}
      >
        SANDBOX
      </div>
      <div
        style={{
          position: 'absolute',
          right: unit * 2,
          top: unit * 2,
          padding: `${unit * 0.6}px ${unit * 1.4}px`,
          borderRadius: unit * 0.8,
          background: 'rgba(220,38,38,0.92)',
          color: '#ffffff',
          fontFamily: '"DejaVu Sans", sans-serif',
          fontWeight: 700,
          fontSize: unit * 2.2,
          letterSpacing: unit * 0.3,
        }}
      >
        SANDBOX
      </div>
    </div>
  );
};
