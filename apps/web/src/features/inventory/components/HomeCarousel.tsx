import { SPEC_LIMITS, SPEC_TEXTS } from '@smart-zone/types/spec-texts';
import Carousel from 'react-bootstrap/Carousel';

const [IPHONE, SAMSUNG, ONE_PLUS] = SPEC_TEXTS.carouselCaptions;

const SLIDES = [
  { img: '/images/carousel-iphone.svg', caption: IPHONE, text: 'The newest iPhones, counted and shelved.' },
  { img: '/images/carousel-samsung.svg', caption: SAMSUNG, text: 'Galaxy phones for every budget.' },
  { img: '/images/carousel-oneplus.svg', caption: ONE_PLUS, text: 'Fast phones, fast restocks.' },
];

/**
 * Three slides, 5000 ms each; swipe (react-bootstrap's threshold is the
 * product's 40 px), arrow keys, and a pause while the pointer is over it.
 */
export function HomeCarousel() {
  return (
    <Carousel
      className="home-carousel rounded overflow-hidden shadow-sm mb-4"
      interval={SPEC_LIMITS.carouselIntervalMs}
      touch
      keyboard
      pause="hover"
    >
      {SLIDES.map((slide) => (
        <Carousel.Item key={slide.caption}>
          <img src={slide.img} alt={slide.caption} />
          <Carousel.Caption>
            <h2>{slide.caption}</h2>
            <p>{slide.text}</p>
          </Carousel.Caption>
        </Carousel.Item>
      ))}
    </Carousel>
  );
}
