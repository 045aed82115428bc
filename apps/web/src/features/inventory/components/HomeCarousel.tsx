import { SPEC_LIMITS, SPEC_TEXTS } from '@smart-zone/types/spec-texts';
import { type KeyboardEvent, type PointerEvent, useEffect, useRef, useState } from 'react';

const [IPHONE, SAMSUNG, ONE_PLUS] = SPEC_TEXTS.carouselCaptions;

const SLIDES = [
  { img: '/images/carousel-iphone.svg', caption: IPHONE, text: 'The newest iPhones, counted and shelved.' },
  { img: '/images/carousel-samsung.svg', caption: SAMSUNG, text: 'Galaxy phones for every budget.' },
  { img: '/images/carousel-oneplus.svg', caption: ONE_PLUS, text: 'Fast phones, fast restocks.' },
];

/** The product's swipe threshold. */
const SWIPE_PX = 40;

/**
 * Three slides, 5000 ms each, on Bootstrap's carousel styles: swipe (40 px),
 * arrow keys, the previous/next controls and the indicators, and a pause
 * while the pointer is over it.
 */
export function HomeCarousel() {
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const swipeFrom = useRef<number | null>(null);
  const go = (step: number) => setIndex((current) => (current + step + SLIDES.length) % SLIDES.length);

  // The timer starts again after every change, as a person expects after choosing a slide.
  useEffect(() => {
    if (paused) return undefined;
    const timer = setTimeout(
      () => setIndex((current) => (current + 1) % SLIDES.length),
      SPEC_LIMITS.carouselIntervalMs,
    );
    return () => clearTimeout(timer);
  }, [index, paused]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft') go(-1);
    else if (event.key === 'ArrowRight') go(1);
  };
  const onPointerUp = (event: PointerEvent) => {
    if (swipeFrom.current === null) return;
    const moved = event.clientX - swipeFrom.current;
    swipeFrom.current = null;
    if (Math.abs(moved) >= SWIPE_PX) go(moved < 0 ? 1 : -1);
  };

  return (
    <div
      className="home-carousel carousel slide rounded overflow-hidden shadow-sm mb-4"
      role="region"
      aria-roledescription="carousel"
      aria-label="Our phones"
      tabIndex={0}
      onKeyDown={onKeyDown}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onPointerDown={(event) => {
        if (event.pointerType !== 'mouse') swipeFrom.current = event.clientX;
      }}
      onPointerUp={onPointerUp}
      onPointerCancel={() => (swipeFrom.current = null)}
    >
      <div className="carousel-indicators">
        {SLIDES.map((slide, i) => (
          <button
            key={slide.caption}
            type="button"
            data-bs-target=""
            className={i === index ? 'active' : undefined}
            aria-current={i === index}
            aria-label={`Slide ${i + 1}`}
            onClick={() => setIndex(i)}
          />
        ))}
      </div>
      <div className="carousel-inner">
        {SLIDES.map((slide, i) => (
          <div
            key={slide.caption}
            className={`carousel-item${i === index ? ' active' : ''}`}
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${SLIDES.length}`}
          >
            <img src={slide.img} alt={slide.caption} fetchPriority={i === 0 ? 'high' : undefined} draggable={false} />
            <div className="carousel-caption">
              <h2>{slide.caption}</h2>
              <p>{slide.text}</p>
            </div>
          </div>
        ))}
      </div>
      <button type="button" className="carousel-control-prev" onClick={() => go(-1)}>
        <span className="carousel-control-prev-icon" aria-hidden="true" />
        <span className="visually-hidden">Previous</span>
      </button>
      <button type="button" className="carousel-control-next" onClick={() => go(1)}>
        <span className="carousel-control-next-icon" aria-hidden="true" />
        <span className="visually-hidden">Next</span>
      </button>
    </div>
  );
}
